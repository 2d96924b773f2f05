-- Issue 30 §1 (docs/adr/0046): Hub88's seamless wallet. The member's money never leaves the
-- ledger: Hub88 calls us for every bet, win and rollback.

-- A game session Sabai opened for a member and one game (`POST /game-composite/v1/launch`): the
-- `token` Hub88 sends back on every wallet call. Bets on a lapsed session are refused
-- (RS_ERROR_TOKEN_EXPIRED); wins and rollbacks are not (they may come after the game closed).
CREATE TABLE hub88_sessions (
  token text PRIMARY KEY CHECK (length(token) BETWEEN 16 AND 100),
  member_id text NOT NULL REFERENCES members (id),
  hub88_user text NOT NULL,
  game_code text NOT NULL,
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  -- Slides forward on every bet and balance call (HUB88_SESSION_IDLE_MS).
  expires_at timestamptz NOT NULL
);
CREATE INDEX hub88_sessions_member_idx ON hub88_sessions (member_id, created_at);

-- One row per Hub88 transaction_uuid ever seen (kept at least 4 months, Hub88's rule): its kind, its
-- content hash and the exact response we gave, so a retry gets the same bytes and no second
-- transfer, and the same uuid with other content is refused. `tombstone` marks a bet uuid that
-- a rollback named before the bet arrived: the late bet is refused.
CREATE TABLE hub88_transactions (
  transaction_uuid text PRIMARY KEY CHECK (length(transaction_uuid) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
  member_id text NOT NULL REFERENCES members (id),
  hub88_user text NOT NULL,
  round text,
  game_code text,
  reference_transaction_uuid text,
  -- Hub88 units (currency × 100000) as received, and the satang moved (0 when nothing moved).
  amount_units bigint NOT NULL DEFAULT 0 CHECK (amount_units >= 0),
  amount_satang bigint NOT NULL DEFAULT 0 CHECK (amount_satang >= 0),
  request_hash text NOT NULL,
  status text NOT NULL,
  response_body text NOT NULL,
  ledger_transfer_id bigint,
  -- For a bet: the rollback that reversed it (at most one).
  rolled_back_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hub88_transactions_reference_idx ON hub88_transactions (reference_transaction_uuid) WHERE reference_transaction_uuid IS NOT NULL;
CREATE INDEX hub88_transactions_created_idx ON hub88_transactions (created_at);
