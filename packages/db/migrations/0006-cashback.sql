-- Cashback (issue "Rewards" §2): per period, Payout % of a member's net loss on settled bets,
-- accrued to the member's cashback wallet under the key (member, period).

CREATE TABLE cashback_periods (
  period_start timestamptz PRIMARY KEY,
  computed_at timestamptz NOT NULL DEFAULT now(),
  members_credited integer NOT NULL CHECK (members_credited >= 0)
);

CREATE TABLE cashback_accruals (
  member_id text NOT NULL REFERENCES members (id),
  period_start timestamptz NOT NULL,
  net_loss_satang bigint NOT NULL CHECK (net_loss_satang > 0),
  payout_basis_points integer NOT NULL CHECK (payout_basis_points BETWEEN 0 AND 10000),
  cashback_satang bigint NOT NULL CHECK (cashback_satang > 0),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, period_start)
);
