-- Player protection (issue 12 "Player protection"; UKGC RTS 12–14, MGA Player Protection Directive):
-- deposit and loss limits per rolling 24 hours / 7 days / 30 days chosen by the member (a decrease
-- at once; an increase or a removal only after 24 hours and the member's confirmation), and
-- time-outs and self-exclusions that cannot be lifted early.
CREATE TABLE responsible_gaming_limits (
  member_id text NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  -- In force now (null: no limit).
  amount_satang bigint CHECK (amount_satang IS NULL OR amount_satang > 0),
  -- A requested increase or removal waiting for its cooling-off and confirmation.
  pending_amount_satang bigint CHECK (pending_amount_satang IS NULL OR pending_amount_satang > 0),
  pending_removal boolean NOT NULL DEFAULT false,
  pending_effective_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period)
);

CREATE TABLE responsible_gaming_exclusions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('timeout', 'self_exclusion')),
  period text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_gaming_exclusions_member ON responsible_gaming_exclusions (member_id, ends_at DESC);
