-- A posting's totals updates take its account locks; the posting's rows are checked without row locks
-- (issue 29 §4 at 4 clients; docs/adr/0072).
--
-- pg_waldump of 2,000 member-to-member postings (explain-posting-wal.ts): 19.1 WAL records per posting,
-- three of them row locks — the FOR NO KEY UPDATE of the two accounts before their totals updates, and
-- the entries' foreign-key lock (FOR KEY SHARE) of the new transfer. Moving the totals UPDATE first alone
-- saves nothing: the foreign-key checks of the transfer's and entries' inserts then lock the account
-- rows' new versions (FOR KEY SHARE), two lock records again (measured: 19.07). A row lock is only saved
-- if nothing asks for it afterwards, so:
--
-- 1. The four foreign keys of a posting's rows (a transfer's debit and credit account, an entry's
--    transfer and account) become checks that lock nothing, with a guarantee at least as strong:
--    * an account is never deleted, truncated or renumbered (it was "append-only in use",
--      accounts.ts; now refused, P0001), so an account that existed when a row named it exists for
--      ever — what the key's lock held until commit;
--    * a transfer names two existing accounts (23503 otherwise, as the key said);
--    * an entry names an existing transfer (append-only since 0002: it cannot go) AND one of that
--      transfer's two accounts — stronger than the keys, which allowed any account.
--    The checks are AFTER triggers (they see rows the same statement inserted, as the keys did; the
--    batch function inserts transfers and entries in one statement). The guard against renumbering is
--    an AFTER UPDATE OF id trigger: a BEFORE UPDATE trigger makes PostgreSQL lock every updated row
--    first (GetTupleForTrigger), even when its column list excludes the update — the record this
--    migration removes. Like the keys (themselves triggers), they are off under
--    session_replication_role = replica.
-- 2. ledger_create_transfer, for a single or pending transfer, updates the cached accounts' totals
--    first, one row per UPDATE, in id order: each UPDATE locks its row (the same FOR NO KEY UPDATE
--    strength) and no other lock is taken on it, so the order of locks — the only thing money.md's
--    deadlock rule asks — is unchanged. The member rule (debits posted + pending + amount never above
--    credits posted) is the debit UPDATE's condition: PostgreSQL evaluates it on the row version it
--    locks (after a wait, again on the newest). When the debit's UPDATE changes nothing and the debit
--    is a member's account, the row is locked (FOR NO KEY UPDATE) and the rule read again on its newest
--    version, so a refusal is decided under the lock, as before. Then, as before and in the same order:
--    the idempotency key, the remembered refusal, the accounts' existence, the member rule; every
--    answer but `created` first takes the totals back (a same-key retry, a refusal: the rare paths pay
--    one more update). A twin with the same key updates the same rows, so it has committed or not
--    started when the key is read, as before; `refused` is still remembered under the lock.
--    Resolutions (post_pending, void_pending) keep their order (the pending transfer locked, the
--    accounts locked, the checks, then the totals): a resolution's totals may not be taken twice, so
--    they change only once the checks passed.
--    Outcomes, details and their order are unchanged; `ROWS 1` and `SET enable_seqscan = off` are
--    given again (CREATE OR REPLACE drops them; posting-plans.test.ts pins them).
--
-- Per member-to-member posting: 19.1 → 16.1 WAL records, ~1,505 → ~1,345 bytes without full-page
-- images (docs/adr/0072). ledger_create_transfers (the batch) keeps its own order: its inserts lose
-- the entries' lock record, its account locks stay.

ALTER TABLE ledger_transfers
  DROP CONSTRAINT ledger_transfers_debit_account_id_fkey,
  DROP CONSTRAINT ledger_transfers_credit_account_id_fkey;
ALTER TABLE ledger_entries
  DROP CONSTRAINT ledger_entries_transfer_id_fkey,
  DROP CONSTRAINT ledger_entries_account_id_fkey;

CREATE FUNCTION ledger_accounts_forbid_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never deleted or renumbered (% refused)', TG_OP USING ERRCODE = 'raise_exception';
END
$$;
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_forbid_removal();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_forbid_removal();
CREATE TRIGGER ledger_accounts_no_renumbering AFTER UPDATE OF id ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_forbid_removal();

CREATE FUNCTION ledger_transfers_check_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM ledger_accounts WHERE id IN (NEW.debit_account_id, NEW.credit_account_id)) <> 2 THEN
    RAISE EXCEPTION 'ledger transfer names an account that does not exist (debit %, credit %)', NEW.debit_account_id, NEW.credit_account_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_transfers_accounts_exist AFTER INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_check_accounts();

CREATE FUNCTION ledger_entries_check_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = NEW.transfer_id AND NEW.account_id IN (t.debit_account_id, t.credit_account_id)) THEN
    RAISE EXCEPTION 'ledger entry names no transfer of its account (transfer %, account %)', NEW.transfer_id, NEW.account_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_entries_name_their_transfer AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_check_transfer();

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
  v_is_resolution boolean := p_phase IN ('post_pending', 'void_pending');
  v_existing ledger_transfers%ROWTYPE;
  v_pending ledger_transfers%ROWTYPE;
  v_resolution_phase text;
  v_account record;
  v_step int;
  v_locked int := 0;               -- distinct accounts this call holds locked (cached ones only)
  v_accounts int;                  -- how many of the two accounts exist, once counted
  v_debit_is_member boolean := false;
  v_credit_is_cached boolean := true;  -- until counted
  v_debit_over_limit boolean := false;
  v_debit_updated boolean := false;
  v_credit_updated boolean := false;
  v_transfer_id bigint;
  v_refusal ledger_refusals%ROWTYPE;
  v_posted bigint;
  v_pending_delta bigint;
  v_outcome text;
  v_outcome_id bigint;
  v_detail text;
BEGIN
  IF v_is_resolution THEN
    -- Serialize resolutions of one pending transfer (a row lock, not an update).
    SELECT * INTO v_pending FROM ledger_transfers WHERE id = p_pending_transfer_id FOR UPDATE;
    IF NOT FOUND OR v_pending.phase <> 'pending' THEN
      RETURN QUERY SELECT 'refused'::text, NULL::bigint, 'pending_not_found'::text; RETURN;
    END IF;
    v_debit := v_pending.debit_account_id;
    v_credit := v_pending.credit_account_id;
    v_amount := v_pending.amount_satang;
  END IF;

  -- The entries' deltas (0002): posted moves for single and post_pending; pending grows for pending,
  -- shrinks for a resolution.
  v_posted := CASE WHEN p_phase IN ('single', 'post_pending') THEN v_amount ELSE 0 END;
  v_pending_delta := CASE p_phase WHEN 'pending' THEN v_amount WHEN 'single' THEN 0 ELSE -v_amount END;

  IF v_is_resolution THEN
    -- A resolution locks the cached accounts in id order; its totals change after the checks.
    FOR v_account IN
      SELECT a.id FROM ledger_accounts a WHERE a.id IN (v_debit, v_credit) AND a.is_totals_cached ORDER BY a.id FOR NO KEY UPDATE
    LOOP
      v_locked := v_locked + 1;
    END LOOP;
  ELSIF p_phase = 'single' OR p_phase = 'pending' THEN
    -- A single or pending transfer updates the cached accounts' totals first, one row per UPDATE in id
    -- order: each UPDATE is its row's lock (money.md "Pitfalls": locks in id order). Inputs the
    -- transfer's own checks refuse (no amount, not positive, one account twice) update nothing.
    IF v_amount > 0 AND v_debit <> v_credit THEN
      FOR v_step IN 1..2 LOOP
        IF (v_step = 1) = (v_debit < v_credit) THEN
          -- The member rule is the condition, on the version the UPDATE locks.
          UPDATE ledger_accounts a SET debits_posted = a.debits_posted + v_posted, debits_pending = a.debits_pending + v_pending_delta
           WHERE a.id = v_debit AND a.is_totals_cached
             AND (a.member_id IS NULL OR a.debits_posted + a.debits_pending + v_amount <= a.credits_posted);
          v_debit_updated := FOUND;
          IF NOT v_debit_updated THEN
            -- Not a cached account (a hot house account, or none), or a member's over the limit in the
            -- version read: a member's is locked and the rule read again on its newest version.
            SELECT count(*)::int, coalesce(bool_or(a.id = v_debit AND a.member_id IS NOT NULL), false),
                   coalesce(bool_or(a.id = v_credit AND a.is_totals_cached), false)
              INTO v_accounts, v_debit_is_member, v_credit_is_cached FROM ledger_accounts a WHERE a.id IN (v_debit, v_credit);
            IF v_debit_is_member THEN
              SELECT a.debits_posted + a.debits_pending + v_amount > a.credits_posted INTO v_debit_over_limit
                FROM ledger_accounts a WHERE a.id = v_debit FOR NO KEY UPDATE;
              IF NOT FOUND THEN   -- counted just above; accounts are never deleted
                RAISE EXCEPTION 'ledger account % vanished during its posting', v_debit;
              END IF;
              IF NOT v_debit_over_limit THEN
                UPDATE ledger_accounts a SET debits_posted = a.debits_posted + v_posted, debits_pending = a.debits_pending + v_pending_delta
                 WHERE a.id = v_debit;
                v_debit_updated := true;
              END IF;
              v_locked := v_locked + 1;
            END IF;
          ELSE
            v_locked := v_locked + 1;
          END IF;
          EXIT WHEN v_debit_over_limit;   -- refused (or answered by the key): the credit is not needed
        ELSIF v_credit_is_cached THEN   -- false only when the count above saw an uncached credit (nothing to update)
          UPDATE ledger_accounts a SET credits_posted = a.credits_posted + v_posted, credits_pending = a.credits_pending + v_pending_delta
           WHERE a.id = v_credit AND a.is_totals_cached;
          v_credit_updated := FOUND;
          IF v_credit_updated THEN v_locked := v_locked + 1; END IF;
        END IF;
      END LOOP;
    END IF;
  END IF;

  -- The answers other than `created`, in their order (0002), read after the locks so a concurrent
  -- twin (same key, same accounts) has committed or not started.
  <<answer>>
  BEGIN
    SELECT * INTO v_existing FROM ledger_transfers WHERE idempotency_key = p_idempotency_key;
    IF FOUND THEN
      IF v_existing.code = p_code AND v_existing.phase = p_phase AND v_existing.debit_account_id = v_debit
         AND v_existing.credit_account_id = v_credit AND v_existing.amount_satang = v_amount
         AND v_existing.pending_transfer_id IS NOT DISTINCT FROM p_pending_transfer_id THEN
        v_outcome := 'exists'; v_outcome_id := v_existing.id;
      ELSE
        v_outcome := 'conflict'; v_outcome_id := v_existing.id; v_detail := 'idempotency key used for another transfer';
      END IF;
      EXIT answer;
    END IF;
    SELECT * INTO v_refusal FROM ledger_refusals WHERE idempotency_key = p_idempotency_key;
    IF FOUND THEN
      IF v_refusal.request_digest = p_request_digest THEN
        v_outcome := 'refused'; v_detail := v_refusal.reason;
      ELSE
        v_outcome := 'conflict'; v_detail := 'idempotency key used for another request';
      END IF;
      EXIT answer;
    END IF;

    -- Both accounts exist when this call locked both (two distinct cached rows); otherwise count them.
    IF v_debit IS NULL OR v_credit IS NULL OR v_amount IS NULL
       OR (v_locked < 2 AND coalesce(v_accounts, (SELECT count(*)::int FROM ledger_accounts WHERE id IN (v_debit, v_credit))) <> 2) THEN
      v_outcome := 'refused'; v_detail := CASE WHEN v_debit = v_credit THEN 'same_account' ELSE 'account_not_found' END;
      EXIT answer;
    END IF;

    IF v_is_resolution THEN
      SELECT phase INTO v_resolution_phase FROM ledger_transfers WHERE pending_transfer_id = p_pending_transfer_id;
      IF FOUND THEN
        v_outcome := 'refused';
        v_detail := CASE WHEN v_resolution_phase = 'post_pending' THEN 'pending_already_posted' ELSE 'pending_already_voided' END;
      END IF;
    ELSIF v_debit_over_limit THEN
      -- The member rule, decided on the locked row; the refusal is remembered.
      INSERT INTO ledger_refusals (idempotency_key, request_digest, reason) VALUES (p_idempotency_key, p_request_digest, 'insufficient_funds');
      v_outcome := 'refused'; v_detail := 'insufficient_funds';
    END IF;
  END answer;

  IF v_outcome IS NOT NULL THEN
    -- Take back what the updates above added (a retry, a refusal: rows this call holds locked).
    IF v_debit_updated OR v_credit_updated THEN
      UPDATE ledger_accounts a SET
        debits_posted = a.debits_posted - CASE WHEN a.id = v_debit THEN v_posted ELSE 0 END,
        credits_posted = a.credits_posted - CASE WHEN a.id = v_credit THEN v_posted ELSE 0 END,
        debits_pending = a.debits_pending - CASE WHEN a.id = v_debit THEN v_pending_delta ELSE 0 END,
        credits_pending = a.credits_pending - CASE WHEN a.id = v_credit THEN v_pending_delta ELSE 0 END
      WHERE a.id IN (v_debit, v_credit) AND ((a.id = v_debit AND v_debit_updated) OR (a.id = v_credit AND v_credit_updated));
    END IF;
    RETURN QUERY SELECT v_outcome, v_outcome_id, v_detail; RETURN;
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang,
                                pending_transfer_id, source_type, source_id)
  VALUES (p_idempotency_key, p_code, p_phase, v_debit, v_credit, v_amount, p_pending_transfer_id, p_source_type, p_source_id)
  RETURNING id INTO v_transfer_id;

  INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
  VALUES
    (v_transfer_id, v_debit, v_posted, 0, v_pending_delta, 0),
    (v_transfer_id, v_credit, 0, v_posted, 0, v_pending_delta);

  IF v_is_resolution AND v_locked > 0 THEN
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
