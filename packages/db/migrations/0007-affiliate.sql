-- Affiliate income (issue "Rewards" §3): per period, level 1 and level 2 referrers earn their
-- level's percent of each referred member's net loss, under the key (period, referred member, level).

CREATE TABLE affiliate_periods (
  period_start timestamptz PRIMARY KEY,
  computed_at timestamptz NOT NULL DEFAULT now(),
  commissions integer NOT NULL CHECK (commissions >= 0)
);

CREATE TABLE affiliate_commissions (
  period_start timestamptz NOT NULL,
  referred_member_id text NOT NULL REFERENCES members (id),
  level smallint NOT NULL CHECK (level IN (1, 2)),
  referrer_member_id text NOT NULL REFERENCES members (id),
  basis_satang bigint NOT NULL CHECK (basis_satang > 0),
  basis_points integer NOT NULL CHECK (basis_points BETWEEN 0 AND 10000),
  commission_satang bigint NOT NULL CHECK (commission_satang > 0),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (period_start, referred_member_id, level),
  CONSTRAINT affiliate_commissions_not_self CHECK (referrer_member_id <> referred_member_id)
);
CREATE INDEX affiliate_commissions_referrer_idx ON affiliate_commissions (referrer_member_id, created_at DESC);
