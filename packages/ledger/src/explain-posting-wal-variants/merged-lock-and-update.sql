-- Measurement variant for explain-posting-wal.ts (docs/adr/0072), NOT a migration: ledger_create_transfer with
-- the lock merged into the totals update. The cached accounts are updated first, in id order (two
-- single-row UPDATEs, the member rule as a condition of the debit's), and no FOR NO KEY UPDATE is
-- taken. Only the path every measured posting takes ('created') is written out: a key that exists
-- or a remembered refusal raises instead of answering. Applied after before-0062.sql (the foreign keys
-- back), it shows that the merge alone saves no record: the keys' checks then lock the updated rows.
--   BENCH_WAL_VARIANT="$(cd packages/ledger/src/explain-posting-wal-variants && cat before-0062.sql merged-lock-and-update.sql)" \
--     npx tsx packages/ledger/src/explain-posting-wal.ts
CREATE OR REPLACE FUNCTION ledger_create_transfer(
  p_idempotency_key text, p_code text, p_phase text, p_debit_account_id bigint, p_credit_account_id bigint,
  p_amount_satang bigint, p_pending_transfer_id bigint, p_source_type text, p_source_id text, p_request_digest text
) RETURNS TABLE (outcome text, transfer_id bigint, detail text) LANGUAGE plpgsql
ROWS 1 SET enable_seqscan = off AS $$
DECLARE
  v_debit bigint := p_debit_account_id;
  v_credit bigint := p_credit_account_id;
  v_amount bigint := p_amount_satang;
  v_existing ledger_transfers%ROWTYPE;
  v_pending ledger_transfers%ROWTYPE;
  v_transfer_id bigint;
  v_posted bigint;
  v_pending_delta bigint;
  v_id bigint;
  v_updated int := 0;
BEGIN
  IF p_phase IN ('post_pending', 'void_pending') THEN
    SELECT * INTO v_pending FROM ledger_transfers WHERE id = p_pending_transfer_id FOR UPDATE;
    IF NOT FOUND OR v_pending.phase <> 'pending' THEN
      RETURN QUERY SELECT 'refused'::text, NULL::bigint, 'pending_not_found'::text; RETURN;
    END IF;
    v_debit := v_pending.debit_account_id; v_credit := v_pending.credit_account_id; v_amount := v_pending.amount_satang;
  END IF;
  v_posted := CASE WHEN p_phase IN ('single', 'post_pending') THEN v_amount ELSE 0 END;
  v_pending_delta := CASE p_phase WHEN 'pending' THEN v_amount WHEN 'single' THEN 0 ELSE -v_amount END;
  -- measurement only: update (lock) in id order, member rule in the WHERE; rare paths not handled
  UPDATE ledger_accounts a SET
      debits_posted = a.debits_posted + CASE WHEN a.id = v_debit THEN v_posted ELSE 0 END,
      credits_posted = a.credits_posted + CASE WHEN a.id = v_credit THEN v_posted ELSE 0 END,
      debits_pending = a.debits_pending + CASE WHEN a.id = v_debit THEN v_pending_delta ELSE 0 END,
      credits_pending = a.credits_pending + CASE WHEN a.id = v_credit THEN v_pending_delta ELSE 0 END
    WHERE a.id = least(v_debit, v_credit) AND a.is_totals_cached
      AND NOT (a.id = v_debit AND a.member_id IS NOT NULL AND p_phase IN ('single', 'pending') AND a.debits_posted + a.debits_pending + v_amount > a.credits_posted);
  UPDATE ledger_accounts a SET
      debits_posted = a.debits_posted + CASE WHEN a.id = v_debit THEN v_posted ELSE 0 END,
      credits_posted = a.credits_posted + CASE WHEN a.id = v_credit THEN v_posted ELSE 0 END,
      debits_pending = a.debits_pending + CASE WHEN a.id = v_debit THEN v_pending_delta ELSE 0 END,
      credits_pending = a.credits_pending + CASE WHEN a.id = v_credit THEN v_pending_delta ELSE 0 END
    WHERE a.id = greatest(v_debit, v_credit) AND a.is_totals_cached
      AND NOT (a.id = v_debit AND a.member_id IS NOT NULL AND p_phase IN ('single', 'pending') AND a.debits_posted + a.debits_pending + v_amount > a.credits_posted);
  SELECT * INTO v_existing FROM ledger_transfers WHERE idempotency_key = p_idempotency_key;
  IF FOUND THEN RAISE EXCEPTION 'measurement variant: key exists'; END IF;
  PERFORM 1 FROM ledger_refusals WHERE idempotency_key = p_idempotency_key;
  IF FOUND THEN RAISE EXCEPTION 'measurement variant: refusal exists'; END IF;
  INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang,
                                pending_transfer_id, source_type, source_id)
  VALUES (p_idempotency_key, p_code, p_phase, v_debit, v_credit, v_amount, p_pending_transfer_id, p_source_type, p_source_id)
  RETURNING id INTO v_transfer_id;
  INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
  VALUES (v_transfer_id, v_debit, v_posted, 0, v_pending_delta, 0), (v_transfer_id, v_credit, 0, v_posted, 0, v_pending_delta);
  RETURN QUERY SELECT 'created'::text, v_transfer_id, NULL::text;
END
$$;
