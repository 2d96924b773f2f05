-- Promotions and bonus grants (issue "Rewards" §1, money.md "Bonus"; rules in docs/adr/0010).

CREATE TABLE promotions (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_-]{3,40}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  image_url text,
  description text CHECK (length(description) <= 2000),
  minimum_deposit_satang bigint NOT NULL DEFAULT 0 CHECK (minimum_deposit_satang >= 0),
  -- DepositType: 1 = the bonus is a multiple of the deposit (bonus_value in hundredths: 50 = 0.5×), otherwise baht (bonus_value satang).
  deposit_type smallint NOT NULL CHECK (deposit_type IN (0, 1)),
  bonus_value bigint NOT NULL CHECK (bonus_value > 0),
  -- MaxBonus: 1 = multiple of the deposit (hundredths), otherwise satang; 0 = no cap.
  max_bonus_type smallint NOT NULL CHECK (max_bonus_type IN (0, 1)),
  max_bonus bigint NOT NULL CHECK (max_bonus >= 0),
  -- Turnover target: 1 = multiple of deposit + bonus (hundredths), otherwise satang.
  turnover_type smallint NOT NULL CHECK (turnover_type IN (0, 1)),
  turnover_amount bigint NOT NULL CHECK (turnover_amount >= 0),
  -- Max withdraw while the grant is active: 1 = multiple of deposit + bonus (hundredths), otherwise satang; 0 = no cap.
  max_withdraw_type smallint NOT NULL CHECK (max_withdraw_type IN (0, 1)),
  max_withdraw_amount bigint NOT NULL CHECK (max_withdraw_amount >= 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);

CREATE TABLE bonus_grants (
  id text PRIMARY KEY CHECK (id ~ '^bns_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  promotion_id text NOT NULL REFERENCES promotions (id),
  deposit_id text NOT NULL REFERENCES deposits (id),
  deposit_satang bigint NOT NULL CHECK (deposit_satang > 0),
  bonus_satang bigint NOT NULL CHECK (bonus_satang > 0),
  turnover_type smallint NOT NULL,
  turnover_start_satang bigint NOT NULL CHECK (turnover_start_satang >= 0),
  turnover_needed_satang bigint NOT NULL CHECK (turnover_needed_satang >= 0),
  max_withdraw_type smallint NOT NULL,
  max_withdraw_satang bigint CHECK (max_withdraw_satang IS NULL OR max_withdraw_satang > 0),
  bonus_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'forfeited')),
  forfeit_transfer_id bigint REFERENCES ledger_transfers (id),
  forfeited_satang bigint CHECK (forfeited_satang IS NULL OR forfeited_satang > 0),
  end_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  CONSTRAINT bonus_grants_one_per_deposit UNIQUE (deposit_id),
  CONSTRAINT bonus_grants_end CHECK ((status = 'active') = (ended_at IS NULL))
);
CREATE UNIQUE INDEX bonus_grants_one_active_per_member ON bonus_grants (member_id) WHERE status = 'active';
