-- Play (issue "Play"): the member's game account at the partner, credit moved in and out of it,
-- and the bet records that make turnover. Money is bigint satang.

ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_code_check;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_code_check CHECK (code IN (
  'DEPOSIT_RECEIVED', 'DEPOSIT', 'DEPOSIT_REFUND', 'WITHDRAW', 'GAME_IN', 'GAME_OUT', 'GAME_RESULT', 'BONUS',
  'CASHBACK', 'AFFILIATE', 'WHEEL', 'ITEM_CODE', 'ADJUSTMENT', 'REVERSAL'));

-- The house's result of members' play (members' wins are its loss): GAME_RESULT transfers settle
-- a member's game account to the partner's live balance.
INSERT INTO ledger_accounts (code, member_id, kind, normal_balance, is_totals_cached)
VALUES ('house:game_results', NULL, 'house_income', 'credit', false);

CREATE TABLE game_accounts (
  member_id text PRIMARY KEY REFERENCES members (id),
  partner text NOT NULL,
  username text NOT NULL CHECK (username ~ '^[a-z0-9]{3,20}$'),
  password text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT game_accounts_partner_username UNIQUE (partner, username)
);

-- Credit moved between the member's main wallet and the partner. `sending` is committed before the
-- partner is called; an unknown outcome stays `sending` until the partner is asked.
CREATE TABLE game_transfers (
  id text PRIMARY KEY CHECK (id ~ '^gtr_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  status text NOT NULL CHECK (status IN ('sending', 'succeeded', 'failed')),
  reserve_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  resolve_transfer_id bigint REFERENCES ledger_transfers (id),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT game_transfers_resolved CHECK ((status = 'sending') = (resolve_transfer_id IS NULL))
);
CREATE INDEX game_transfers_sending_idx ON game_transfers (created_at) WHERE status = 'sending';
-- One transfer in flight per member: the next waits (keeps the member's game balance simple).
CREATE UNIQUE INDEX game_transfers_one_in_flight ON game_transfers (member_id) WHERE status = 'sending';

-- Bet records pulled from the partner; one row per round, its latest status (a cancelled round
-- arrives again with the same round id). Turnover counts settled rounds won or lost (spec §2).
CREATE TABLE bet_rounds (
  partner text NOT NULL,
  round_id text NOT NULL,
  member_id text NOT NULL REFERENCES members (id),
  game_code text NOT NULL,
  stake_satang bigint NOT NULL CHECK (stake_satang >= 0),
  payout_satang bigint NOT NULL CHECK (payout_satang >= 0),
  result text NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
  status text NOT NULL CHECK (status IN ('settled', 'cancelled', 'refunded')),
  settled_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner, round_id)
);
CREATE INDEX bet_rounds_member_idx ON bet_rounds (member_id, settled_at);

CREATE TABLE bet_feed_cursors (
  partner text PRIMARY KEY,
  cursor_value text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
