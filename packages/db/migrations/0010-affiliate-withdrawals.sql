-- Affiliate income withdrawals above the auto-withdraw maximum wait for staff (settings
-- Affiliate.autoWithdraw; docs/adr/0011). The income is reserved by a pending AFFILIATE transfer
-- (member affiliate → member main); approval posts it, rejection voids it. One waiting per member.
CREATE TABLE affiliate_withdrawals (
  id text PRIMARY KEY CHECK (id ~ '^afw_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  status text NOT NULL DEFAULT 'pending_approval' CHECK (status IN ('pending_approval', 'approved', 'rejected')),
  reserve_transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  resolve_transfer_id bigint UNIQUE REFERENCES ledger_transfers (id),
  decided_by text,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT affiliate_withdrawals_decided CHECK (
    (status = 'pending_approval') = (decided_at IS NULL)
    AND (status = 'pending_approval') = (resolve_transfer_id IS NULL)
    AND (status <> 'rejected' OR decision_reason IS NOT NULL)
  )
);
CREATE UNIQUE INDEX affiliate_withdrawals_one_waiting_per_member ON affiliate_withdrawals (member_id) WHERE status = 'pending_approval';
CREATE INDEX affiliate_withdrawals_waiting ON affiliate_withdrawals (created_at) WHERE status = 'pending_approval';
