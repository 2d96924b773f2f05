-- The double-entry ledger (money.md "Accounts", "Transfers"; TigerBeetle's account and transfer model).
--
-- * Accounts keep cached totals (debits/credits, posted/pending) updated in the transaction that
--   posts, except hot house accounts (`is_totals_cached = false`): their totals are derived from
--   their entries, so deposits never queue on one account row (money.md "Pitfalls").
-- * Transfers and entries are append-only: triggers refuse UPDATE, DELETE and TRUNCATE.
--   Two-phase transfers: a `pending` transfer reserves; a later `post_pending` or `void_pending`
--   transfer resolves it, at most once (unique index on pending_transfer_id).
-- * Posting is one call of ledger_create_transfer(): lock the cached accounts in id order
--   FOR NO KEY UPDATE before any insert, check the rules, insert, update totals.

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner_matches_kind;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts
  ADD COLUMN normal_balance text NOT NULL DEFAULT 'credit' CHECK (normal_balance IN ('debit', 'credit')),
  ADD COLUMN is_totals_cached boolean NOT NULL DEFAULT true,
  ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
    'main', 'game', 'affiliate', 'cashback', 'residual', 'prize', 'spin', 'bonus',
    'house_asset', 'house_liability', 'house_expense', 'house_income')),
  ADD CONSTRAINT ledger_accounts_owner_matches_kind CHECK ((member_id IS NULL) = (kind LIKE 'house\_%')),
  -- Member accounts are liabilities, credit-normal, and always cached (their rule needs the lock).
  ADD CONSTRAINT ledger_accounts_member_accounts_cached CHECK (member_id IS NULL OR (is_totals_cached AND normal_balance = 'credit')),
  ADD CONSTRAINT ledger_accounts_uncached_totals_stay_zero CHECK (
    is_totals_cached OR (debits_posted = 0 AND credits_posted = 0 AND debits_pending = 0 AND credits_pending = 0));

CREATE TABLE ledger_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  code text NOT NULL CHECK (code IN (
    'DEPOSIT_RECEIVED', 'DEPOSIT', 'DEPOSIT_REFUND', 'WITHDRAW', 'GAME_IN', 'GAME_OUT', 'BONUS',
    'CASHBACK', 'AFFILIATE', 'WHEEL', 'ITEM_CODE', 'ADJUSTMENT', 'REVERSAL')),
  phase text NOT NULL CHECK (phase IN ('single', 'pending', 'post_pending', 'void_pending')),
  debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0 AND amount_satang <= 100000000000),
  pending_transfer_id bigint REFERENCES ledger_transfers (id),
  source_type text CHECK (length(source_type) <= 50),
  source_id text CHECK (length(source_id) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transfers_idempotency_key_key UNIQUE (idempotency_key),
  CONSTRAINT ledger_transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id),
  CONSTRAINT ledger_transfers_resolution_names_pending CHECK ((phase IN ('post_pending', 'void_pending')) = (pending_transfer_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_transfers_resolve_pending_once ON ledger_transfers (pending_transfer_id) WHERE pending_transfer_id IS NOT NULL;
CREATE INDEX ledger_transfers_source_idx ON ledger_transfers (source_type, source_id);

-- One row per account touched by a transfer; the four columns are deltas of that account's totals
-- (a resolution moves an amount out of pending: negative pending deltas).
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  debits_posted bigint NOT NULL DEFAULT 0,
  credits_posted bigint NOT NULL DEFAULT 0,
  debits_pending bigint NOT NULL DEFAULT 0,
  credits_pending bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entries_one_per_account UNIQUE (transfer_id, account_id)
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);

-- Refusals are remembered too (TigerBeetle: "failures remembered"): the same key returns the same
-- refusal. Kept only when the caller's transaction commits.
CREATE TABLE ledger_refusals (
  idempotency_key text PRIMARY KEY,
  request_digest text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION ledger_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'raise_exception';
END
$$;
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();

-- House accounts every installation has (money.md "Accounts"). Bank / wallet channel accounts are
-- added with their channels. Hot ones derive their totals from entries.
INSERT INTO ledger_accounts (code, member_id, kind, normal_balance, is_totals_cached) VALUES
  ('house:unallocated_deposits', NULL, 'house_liability', 'credit', false),
  ('house:payouts_in_flight', NULL, 'house_asset', 'debit', false),
  ('house:expense:bonus', NULL, 'house_expense', 'debit', false),
  ('house:expense:cashback', NULL, 'house_expense', 'debit', false),
  ('house:expense:affiliate', NULL, 'house_expense', 'debit', false),
  ('house:expense:wheel', NULL, 'house_expense', 'debit', false),
  ('house:expense:item_code', NULL, 'house_expense', 'debit', false),
  ('house:expense:adjustment', NULL, 'house_expense', 'debit', false);

/*
 * ledger_create_transfer: the one posting path. Returns (outcome, transfer_id, detail):
 *   created            the transfer was written;
 *   exists             a transfer with this key and the same content exists (its id);
 *   refused            with detail = reason: insufficient_funds, pending_not_found,
 *                      pending_already_posted, pending_already_voided, account_not_found,
 *                      same_account;
 *   conflict           the key was used with different content (detail says which).
 * For post_pending / void_pending, accounts and amount are taken from the pending transfer and
 * the given ones must be NULL.
 */
CREATE FUNCTION ledger_create_transfer(
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
) RETURNS TABLE (outcome text, transfer_id bigint, detail text) LANGUAGE plpgsql AS $$
DECLARE
  v_debit bigint := p_debit_account_id;
  v_credit bigint := p_credit_account_id;
  v_amount bigint := p_amount_satang;
  v_existing ledger_transfers%ROWTYPE;
  v_pending ledger_transfers%ROWTYPE;
  v_resolution_phase text;
  v_account record;
  v_transfer_id bigint;
  v_refusal ledger_refusals%ROWTYPE;
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

  -- Lock the cached accounts in id order before any insert (money.md "Pitfalls").
  FOR v_account IN
    SELECT id FROM ledger_accounts WHERE id IN (v_debit, v_credit) AND is_totals_cached ORDER BY id FOR NO KEY UPDATE
  LOOP
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

  IF v_debit IS NULL OR v_credit IS NULL OR v_amount IS NULL
     OR (SELECT count(*) FROM ledger_accounts WHERE id IN (v_debit, v_credit)) <> 2 THEN
    RETURN QUERY SELECT 'refused'::text, NULL::bigint, CASE WHEN v_debit = v_credit THEN 'same_account' ELSE 'account_not_found' END; RETURN;
  END IF;

  IF p_phase IN ('post_pending', 'void_pending') THEN
    SELECT phase INTO v_resolution_phase FROM ledger_transfers WHERE pending_transfer_id = p_pending_transfer_id;
    IF FOUND THEN
      RETURN QUERY SELECT 'refused'::text, NULL::bigint,
        CASE WHEN v_resolution_phase = 'post_pending' THEN 'pending_already_posted' ELSE 'pending_already_voided' END; RETURN;
    END IF;
  ELSE
    -- The member rule: debits (posted + pending) never exceed credits posted.
    PERFORM 1 FROM ledger_accounts
      WHERE id = v_debit AND member_id IS NOT NULL AND debits_posted + debits_pending + v_amount > credits_posted;
    IF FOUND THEN
      INSERT INTO ledger_refusals (idempotency_key, request_digest, reason) VALUES (p_idempotency_key, p_request_digest, 'insufficient_funds');
      RETURN QUERY SELECT 'refused'::text, NULL::bigint, 'insufficient_funds'::text; RETURN;
    END IF;
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang,
                                pending_transfer_id, source_type, source_id)
  VALUES (p_idempotency_key, p_code, p_phase, v_debit, v_credit, v_amount, p_pending_transfer_id, p_source_type, p_source_id)
  RETURNING id INTO v_transfer_id;

  INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
  VALUES
    (v_transfer_id, v_debit,
      CASE WHEN p_phase IN ('single', 'post_pending') THEN v_amount ELSE 0 END, 0,
      CASE p_phase WHEN 'pending' THEN v_amount WHEN 'single' THEN 0 ELSE -v_amount END, 0),
    (v_transfer_id, v_credit,
      0, CASE WHEN p_phase IN ('single', 'post_pending') THEN v_amount ELSE 0 END,
      0, CASE p_phase WHEN 'pending' THEN v_amount WHEN 'single' THEN 0 ELSE -v_amount END);

  UPDATE ledger_accounts a SET
    debits_posted = a.debits_posted + e.debits_posted,
    credits_posted = a.credits_posted + e.credits_posted,
    debits_pending = a.debits_pending + e.debits_pending,
    credits_pending = a.credits_pending + e.credits_pending
  FROM ledger_entries e
  WHERE e.transfer_id = v_transfer_id AND e.account_id = a.id AND a.is_totals_cached;

  RETURN QUERY SELECT 'created'::text, v_transfer_id, NULL::text;
END
$$;
