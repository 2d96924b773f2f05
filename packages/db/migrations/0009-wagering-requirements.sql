-- Wagering requirements on credited reward money (docs/adr/0011): affiliate income moved into
-- play money under a turnover multiple (settings Affiliate.turnover) must be turned over
-- `required_satang` (credited × multiple) before a bank withdrawal, counted from rounds settled
-- after `created_at` (the start is worked out when read; `turnover_start_satang` records the
-- member's pulled turnover at the credit, for audit). Ended by the withdrawal that needed it
-- met, or when the money was played out (main + game under 1 baht when a deposit arrives).
CREATE TABLE wagering_requirements (
  id text PRIMARY KEY CHECK (id ~ '^wgr_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  source_type text NOT NULL CHECK (source_type IN ('affiliate_income')),
  source_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  credited_satang bigint NOT NULL CHECK (credited_satang > 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple BETWEEN 1 AND 100),
  required_satang bigint NOT NULL CHECK (required_satang = credited_satang * turnover_multiple),
  turnover_start_satang bigint NOT NULL CHECK (turnover_start_satang >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed')),
  end_reason text CHECK (end_reason IS NULL OR end_reason IN ('WITHDRAWN', 'BALANCE_EXHAUSTED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  CONSTRAINT wagering_requirements_one_per_transfer UNIQUE (source_transfer_id),
  CONSTRAINT wagering_requirements_end CHECK ((status = 'active') = (ended_at IS NULL) AND (status = 'active') = (end_reason IS NULL))
);
CREATE INDEX wagering_requirements_active ON wagering_requirements (member_id) WHERE status = 'active';
