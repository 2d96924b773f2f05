-- Measurement variant for explain-posting-wal.ts (docs/adr/0072), NOT a migration: the posting as it was
-- before migration 0062, on the scratch database — the four foreign keys back, 0062's checks gone, and
-- ledger_create_transfer as migration 0055 wrote it. The "before" of an interleaved before/after:
--   BENCH_WAL_VARIANT="$(cat packages/ledger/src/explain-posting-wal-variants/before-0062.sql)" npx tsx packages/ledger/src/explain-posting-wal.ts
DROP TRIGGER ledger_accounts_no_delete ON ledger_accounts;
DROP TRIGGER ledger_accounts_no_truncate ON ledger_accounts;
DROP TRIGGER ledger_accounts_no_renumbering ON ledger_accounts;
DROP TRIGGER ledger_transfers_accounts_exist ON ledger_transfers;
DROP TRIGGER ledger_entries_name_their_transfer ON ledger_entries;
ALTER TABLE ledger_transfers
  ADD CONSTRAINT ledger_transfers_debit_account_id_fkey FOREIGN KEY (debit_account_id) REFERENCES ledger_accounts (id),
  ADD CONSTRAINT ledger_transfers_credit_account_id_fkey FOREIGN KEY (credit_account_id) REFERENCES ledger_accounts (id);
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_transfer_id_fkey FOREIGN KEY (transfer_id) REFERENCES ledger_transfers (id),
  ADD CONSTRAINT ledger_entries_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts (id);
CREATE OR REPLACE FUNCTION ledger_create_transfer(
  p_idempotency_key text,
  p_code text,
  p_phase text,
  p_debit_account_id bigint,
  p_credit_account_id bigint,
  p_amount_satang bigint,
  p_pending_transfer_id bigint,
  p_source_type text,
  p_source_id text,
  p_request_digest text
) RETURNS TABLE (outcome text, transfer_id bigint, detail text) LANGUAGE plpgsql
ROWS 1 SET enable_seqscan = off AS $$
DECLARE
  v_debit bigint := p_debit_account_id;
  v_credit bigint := p_credit_account_id;
  v_amount bigint := p_amount_satang;
  v_existing ledger_transfers%ROWTYPE;
  v_pending ledger_transfers%ROWTYPE;
  v_resolution_phase text;
  v_account record;
  v_locked int := 0;
  v_debit_is_member boolean := false;
  v_debit_over_limit boolean := false;
  v_transfer_id bigint;
  v_refusal ledger_refusals%ROWTYPE;
  v_posted bigint;
  v_pending_delta bigint;
BEGIN
  IF p_phase IN ('post_pending', 'void_pending') THEN
    -- Serialize resolutions of one pending transfer (a row lock, not an update).
    SELECT * INTO v_pending FROM ledger_transfers WHERE id = p_pending_transfer_id FOR UPDATE;
    IF NOT FOUND OR v_pending.phase <> 'pending' THEN
      RETURN QUERY SELECT 'refused'::text, NULL::bigint, 'pending_not_found'::text; RETURN;
    END IF;
    v_debit := v_pending.debit_account_id;
    v_credit := v_pending.credit_account_id;
    v_amount := v_pending.amount_satang;
  END IF;

  -- Lock the cached accounts in id order before any insert (money.md "Pitfalls"), and read under
  -- the lock what the member rule needs from the debit account.
  FOR v_account IN
    SELECT a.id, a.member_id IS NOT NULL AS is_member,
           p_phase IN ('single', 'pending') AND a.debits_posted + a.debits_pending + v_amount > a.credits_posted AS is_over_limit
      FROM ledger_accounts a WHERE a.id IN (v_debit, v_credit) AND a.is_totals_cached ORDER BY a.id FOR NO KEY UPDATE
  LOOP
    v_locked := v_locked + 1;
    IF v_account.id = v_debit THEN
      v_debit_is_member := v_account.is_member;
      v_debit_over_limit := coalesce(v_account.is_over_limit, false);
    END IF;
  END LOOP;

  -- Idempotency, checked after the locks so a concurrent twin has committed or not started.
  SELECT * INTO v_existing FROM ledger_transfers WHERE idempotency_key = p_idempotency_key;
  IF FOUND THEN
    IF v_existing.code = p_code AND v_existing.phase = p_phase AND v_existing.debit_account_id = v_debit
       AND v_existing.credit_account_id = v_credit AND v_existing.amount_satang = v_amount
       AND v_existing.pending_transfer_id IS NOT DISTINCT FROM p_pending_transfer_id THEN
      RETURN QUERY SELECT 'exists'::text, v_existing.id, NULL::text; RETURN;
    END IF;
    RETURN QUERY SELECT 'conflict'::text, v_existing.id, 'idempotency key used for another transfer'::text; RETURN;
  END IF;
  SELECT * INTO v_refusal FROM ledger_refusals WHERE idempotency_key = p_idempotency_key;
  IF FOUND THEN
    IF v_refusal.request_digest = p_request_digest THEN
      RETURN QUERY SELECT 'refused'::text, NULL::bigint, v_refusal.reason; RETURN;
    END IF;
    RETURN QUERY SELECT 'conflict'::text, NULL::bigint, 'idempotency key used for another request'::text; RETURN;
  END IF;

  -- Both accounts exist when the lock found both (two distinct cached rows); otherwise count them.
  IF v_debit IS NULL OR v_credit IS NULL OR v_amount IS NULL
     OR (v_locked < 2 AND (SELECT count(*) FROM ledger_accounts WHERE id IN (v_debit, v_credit)) <> 2) THEN
    RETURN QUERY SELECT 'refused'::text, NULL::bigint, CASE WHEN v_debit = v_credit THEN 'same_account' ELSE 'account_not_found' END; RETURN;
  END IF;

  IF p_phase IN ('post_pending', 'void_pending') THEN
    SELECT phase INTO v_resolution_phase FROM ledger_transfers WHERE pending_transfer_id = p_pending_transfer_id;
    IF FOUND THEN
      RETURN QUERY SELECT 'refused'::text, NULL::bigint,
        CASE WHEN v_resolution_phase = 'post_pending' THEN 'pending_already_posted' ELSE 'pending_already_voided' END; RETURN;
    END IF;
  ELSE
    -- The member rule: debits (posted + pending) never exceed credits posted (the locked row's values).
    IF v_debit_is_member AND v_debit_over_limit THEN
      INSERT INTO ledger_refusals (idempotency_key, request_digest, reason) VALUES (p_idempotency_key, p_request_digest, 'insufficient_funds');
      RETURN QUERY SELECT 'refused'::text, NULL::bigint, 'insufficient_funds'::text; RETURN;
    END IF;
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang,
                                pending_transfer_id, source_type, source_id)
  VALUES (p_idempotency_key, p_code, p_phase, v_debit, v_credit, v_amount, p_pending_transfer_id, p_source_type, p_source_id)
  RETURNING id INTO v_transfer_id;

  -- The entries' deltas (0002): posted moves for single and post_pending; pending grows for pending,
  -- shrinks for a resolution.
  v_posted := CASE WHEN p_phase IN ('single', 'post_pending') THEN v_amount ELSE 0 END;
  v_pending_delta := CASE p_phase WHEN 'pending' THEN v_amount WHEN 'single' THEN 0 ELSE -v_amount END;

  INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
  VALUES
    (v_transfer_id, v_debit, v_posted, 0, v_pending_delta, 0),
    (v_transfer_id, v_credit, 0, v_posted, 0, v_pending_delta);

  IF v_locked > 0 THEN
    UPDATE ledger_accounts a SET
      debits_posted = a.debits_posted + CASE WHEN a.id = v_debit THEN v_posted ELSE 0 END,
      credits_posted = a.credits_posted + CASE WHEN a.id = v_credit THEN v_posted ELSE 0 END,
      debits_pending = a.debits_pending + CASE WHEN a.id = v_debit THEN v_pending_delta ELSE 0 END,
      credits_pending = a.credits_pending + CASE WHEN a.id = v_credit THEN v_pending_delta ELSE 0 END
    WHERE a.id IN (v_debit, v_credit) AND a.is_totals_cached;
  END IF;

  RETURN QUERY SELECT 'created'::text, v_transfer_id, NULL::text;
END
$$;
