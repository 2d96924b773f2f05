-- Manual adjustments of a member's main wallet by staff (issue 11 "Members"): with a reason, audited;
-- above a configured amount they wait for a second staff member's approval (four-eyes), who may not
-- be the one who asked. Applied once: ADJUSTMENT house:expense:adjustment ↔ member main, key
-- `adjustment:<id>`.
CREATE TABLE member_adjustments (
  id text PRIMARY KEY CHECK (id ~ '^adj_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  requested_by text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending_approval', 'applied', 'rejected')),
  decided_by text,
  decision_reason text,
  transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT member_adjustments_applied_has_transfer CHECK ((status = 'applied') = (transfer_id IS NOT NULL))
);
CREATE INDEX member_adjustments_pending ON member_adjustments (created_at) WHERE status = 'pending_approval';
CREATE INDEX member_adjustments_member ON member_adjustments (member_id, created_at DESC);
