-- A held deposit is refunded by paying it back to the sender through the payout adapter (issue 11
-- "Held deposits"), not just recorded: reserved first (a pending DEPOSIT_REFUND
-- house:unallocated_deposits → house:payouts_in_flight), sent once with the refund id as our
-- reference, settled by the bank's answer or by asking it (lib/external-transfer.ts), never twice.
ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('credited', 'held', 'refunding', 'refunded'));
ALTER TABLE deposits DROP CONSTRAINT deposits_status_fields;
ALTER TABLE deposits ADD CONSTRAINT deposits_status_fields CHECK (
  (status = 'credited' AND member_id IS NOT NULL AND credit_transfer_id IS NOT NULL)
  OR (status IN ('held', 'refunding') AND credit_transfer_id IS NULL AND refund_transfer_id IS NULL)
  OR (status = 'refunded' AND refund_transfer_id IS NOT NULL AND credit_transfer_id IS NULL));

CREATE TABLE deposit_refunds (
  id text PRIMARY KEY CHECK (id ~ '^rfd_[a-z0-9]{20}$'),
  deposit_id text NOT NULL REFERENCES deposits (id),
  bank_code text NOT NULL CHECK (bank_code ~ '^\d{3}$'),
  account_number text NOT NULL CHECK (account_number ~ '^\d{10,15}$'),
  account_name text NOT NULL,
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  status text NOT NULL CHECK (status IN ('sending', 'paid', 'failed')),
  reserve_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  resolve_transfer_id bigint REFERENCES ledger_transfers (id),
  provider_ref text,
  failure_reason text,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One refund in flight or paid per deposit; a failed one may be followed by another.
CREATE UNIQUE INDEX deposit_refunds_one_live ON deposit_refunds (deposit_id) WHERE status IN ('sending', 'paid');
CREATE INDEX deposit_refunds_sending ON deposit_refunds (created_at) WHERE status = 'sending';
