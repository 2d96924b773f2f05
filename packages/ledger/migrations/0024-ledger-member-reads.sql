-- The ledger's part of "member reads at operator scale" (issue 16 §3–4; docs/adr/0023): the
-- ledger owns its DDL (docs/adr/0024); the other tables' indexes are in
-- packages/db/migrations/0025-member-reads-at-scale.sql.
--
-- Measured on 1M members / 10M transfers, the deposit history (and the cashback history) ran a
-- parallel sequential scan of all of ledger_transfers on every call: nothing indexed
-- credit_account_id. The affiliate income withdrawals did the same on debit_account_id.

-- A member's transfers reached through the member's own account, newest first (keyset / bounded
-- paging walks this index backwards and stops at the page).
CREATE INDEX ledger_transfers_credit_account_idx ON ledger_transfers (credit_account_id, id);
CREATE INDEX ledger_transfers_debit_account_idx ON ledger_transfers (debit_account_id, id);

-- ledger:reconcile checkpoints: totals verified by a run up to a transfer id, so the next run
-- re-checks only what is newer (`--full` still checks everything). Append-only in practice: each
-- sound run adds a row; the newest row is the checkpoint.
CREATE TABLE ledger_reconcile_checkpoints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  through_transfer_id bigint NOT NULL CHECK (through_transfer_id >= 0),
  debits_posted numeric NOT NULL,
  credits_posted numeric NOT NULL,
  debits_pending numeric NOT NULL,
  credits_pending numeric NOT NULL,
  is_full_run boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
