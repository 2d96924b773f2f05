-- Failed payouts are a work queue (issue 25 §2, docs/adr/0049).
--
-- A failed payout already gave the money back: its reservation was voided, the member's main
-- wallet holds it again. Finance closes each failed payout once, with one of three actions:
--   retry   pay the same amount to the same account again: a NEW withdrawal (retry_of = the failed
--           one) reserves it from the main wallet and goes to the payout adapter;
--   manual  finance paid it by hand: a NEW withdrawal, recorded as paid with the bank reference
--           (paid_unconfirmed), confirmed by the house debit SMS or a second staff member (ADR 0039);
--   return  the money stays in the member's main wallet (nothing moves: it is there already).
-- One row per failed withdrawal: the same action again returns the stored answer, another is refused.
CREATE TABLE failed_payout_resolutions (
  withdrawal_id text PRIMARY KEY REFERENCES withdrawals (id),
  action text NOT NULL CHECK (action IN ('retry', 'manual', 'return')),
  resolved_by text NOT NULL CHECK (length(resolved_by) BETWEEN 1 AND 100),
  next_withdrawal_id text REFERENCES withdrawals (id),
  note text CHECK (length(note) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT failed_payout_resolutions_next CHECK ((action = 'return') = (next_withdrawal_id IS NULL))
);

ALTER TABLE withdrawals ADD COLUMN retry_of text REFERENCES withdrawals (id);
-- The failed queue and the dashboard's count read failed withdrawals newest first.
CREATE INDEX withdrawals_failed_idx ON withdrawals (updated_at DESC, id) WHERE status = 'failed';
