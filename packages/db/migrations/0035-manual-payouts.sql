-- Payouts by staff, confirmed by the bank's own debit SMS (PAYOUT_PROVIDER=manual, docs/adr/0039).
--
-- Two more withdrawal states, both still holding the pending WITHDRAW reservation:
--   awaiting_payout   approved, waiting in finance's "to pay" queue (no payout API is called);
--   paid_unconfirmed  finance says it paid (house channel, bank reference, time); waiting for the
--                     house account's debit notification to confirm it (member sees "being paid").
-- Then paid (the reservation posted, money out of the paying channel) or failed (voided).
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('pending_approval', 'approved', 'paying', 'awaiting_payout', 'paid_unconfirmed', 'paid', 'failed', 'rejected'));

DROP INDEX withdrawals_one_open_per_member;
CREATE UNIQUE INDEX withdrawals_one_open_per_member ON withdrawals (member_id)
  WHERE status IN ('pending_approval', 'approved', 'paying', 'awaiting_payout', 'paid_unconfirmed');
DROP INDEX withdrawals_open_idx;
CREATE INDEX withdrawals_open_idx ON withdrawals (status, created_at)
  WHERE status IN ('pending_approval', 'approved', 'paying', 'awaiting_payout', 'paid_unconfirmed');

-- What finance recorded: the house channel paid from, the bank's reference (payout_provider_ref),
-- when the bank says it paid (payout_paid_at), who recorded it and when (payout_started_at).
-- How it was confirmed: by a debit notification (payout_confirmed_by_debit_id) or by a staff
-- member without one (payout_confirmed_by, audited).
ALTER TABLE withdrawals
  ADD COLUMN payout_channel_id text REFERENCES deposit_channels (id),
  ADD COLUMN payout_paid_at timestamptz,
  ADD COLUMN payout_recorded_by text CHECK (length(payout_recorded_by) BETWEEN 1 AND 100),
  ADD COLUMN payout_confirmed_by text CHECK (length(payout_confirmed_by) BETWEEN 1 AND 100),
  ADD CONSTRAINT withdrawals_manual_payout_recorded CHECK (
    status <> 'paid_unconfirmed'
    OR (payout_channel_id IS NOT NULL AND payout_provider_ref IS NOT NULL AND payout_paid_at IS NOT NULL
        AND payout_recorded_by IS NOT NULL AND payout_started_at IS NOT NULL));
-- One bank reference pays one withdrawal: the same reference recorded on a second withdrawal is refused.
CREATE UNIQUE INDEX withdrawals_manual_payout_reference ON withdrawals (payout_channel_id, payout_provider_ref)
  WHERE payout_channel_id IS NOT NULL;
CREATE INDEX withdrawals_unconfirmed_idx ON withdrawals (payout_channel_id, amount_satang) WHERE status = 'paid_unconfirmed';

-- Every debit notification of a house account (SMS or statement line) read while payouts are
-- manual: it confirmed one withdrawal (matched), repeated a confirmation already made
-- (duplicate), or fit none or several (unmatched: staff's suspense list). Never a balance change
-- by itself: only a match posts, and it posts the withdrawal's own reservation.
CREATE TABLE house_debits (
  id text PRIMARY KEY CHECK (id ~ '^hdb_[a-z0-9]{20}$'),
  event_id bigint NOT NULL REFERENCES bank_feed_events (id),
  channel_id text NOT NULL REFERENCES deposit_channels (id),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  occurred_at timestamptz NOT NULL,
  recipient_account_masked text CHECK (length(recipient_account_masked) <= 32),
  status text NOT NULL CHECK (status IN ('matched', 'duplicate', 'unmatched')),
  reason text CHECK (length(reason) <= 200),
  withdrawal_id text REFERENCES withdrawals (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  matched_at timestamptz,
  CONSTRAINT house_debits_one_per_event UNIQUE (event_id),
  CONSTRAINT house_debits_status_fields CHECK (
    (status = 'matched' AND withdrawal_id IS NOT NULL AND matched_at IS NOT NULL)
    OR (status = 'duplicate' AND withdrawal_id IS NOT NULL)
    OR (status = 'unmatched' AND withdrawal_id IS NULL))
);
-- A withdrawal is confirmed by at most one debit.
CREATE UNIQUE INDEX house_debits_one_match_per_withdrawal ON house_debits (withdrawal_id) WHERE status = 'matched';
CREATE INDEX house_debits_unmatched_idx ON house_debits (channel_id, amount_satang) WHERE status = 'unmatched';
CREATE INDEX house_debits_created_idx ON house_debits (created_at DESC, id);

ALTER TABLE withdrawals ADD COLUMN payout_confirmed_by_debit_id text REFERENCES house_debits (id);
CREATE UNIQUE INDEX withdrawals_confirmed_by_debit ON withdrawals (payout_confirmed_by_debit_id) WHERE payout_confirmed_by_debit_id IS NOT NULL;

-- A debit read while payouts are manual is marked `debit` (its house_debits row says what it did).
ALTER TABLE bank_feed_events DROP CONSTRAINT bank_feed_events_status_check;
ALTER TABLE bank_feed_events ADD CONSTRAINT bank_feed_events_status_check
  CHECK (status IN ('received', 'credited', 'held', 'ignored', 'rejected', 'debit'));
