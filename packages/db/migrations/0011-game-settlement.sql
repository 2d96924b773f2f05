-- Game results from rounds, differences to suspense, one money operation per member at a time
-- (issue 15, docs/adr/0012).

-- Suspense for game money nothing explains: a member's loss that their ledger game wallet cannot
-- cover (they lost credit the partner gave them by mistake) is booked here against
-- house:game_results, never against the member. Staff write it off (or recover it) per case.
INSERT INTO ledger_accounts (code, member_id, kind, normal_balance, is_totals_cached)
VALUES ('house:game_unexplained', NULL, 'house_asset', 'debit', false);

-- What each round has booked so far: the member's part (GAME_RESULT member game ↔ house:game_results)
-- and the part a shortfall booked against suspense. A round is settled into the ledger when
-- booked + suspense = payout − stake of its latest record (0 for a cancelled or refunded round).
ALTER TABLE bet_rounds
  ADD COLUMN booked_net_satang bigint NOT NULL DEFAULT 0,
  ADD COLUMN suspense_net_satang bigint NOT NULL DEFAULT 0 CHECK (suspense_net_satang <= 0),
  ADD COLUMN is_legacy boolean NOT NULL DEFAULT false;
-- Rounds pulled before this migration were settled by the old live-balance GAME_RESULT
-- (docs/adr/0009): count them as booked so they are not booked a second time.
UPDATE bet_rounds SET booked_net_satang = payout_satang - stake_satang, is_legacy = true;
CREATE INDEX bet_rounds_unbooked_idx ON bet_rounds (member_id)
  WHERE booked_net_satang + suspense_net_satang <> payout_satang - stake_satang;

-- A transfer voided as "not received" is asked about again for a while: a partner that applies it
-- late is caught (the difference goes to a case, never to the member).
ALTER TABLE game_transfers ADD COLUMN late_apply_checked_at timestamptz;
CREATE INDEX game_transfers_voided_unseen_idx ON game_transfers (updated_at)
  WHERE status = 'failed' AND failure_reason = 'NOT_RECEIVED_BY_PARTNER';

-- One money operation per member at a time (launch, withdrawal, game transfers): a lease, so a
-- crashed holder frees the member when it expires. Works on PostgreSQL and on PGlite alike.
CREATE TABLE member_money_locks (
  member_id text PRIMARY KEY REFERENCES members (id),
  holder text NOT NULL CHECK (length(holder) <= 80),
  expires_at timestamptz NOT NULL
);

-- Reconciliation cases for staff: a member whose partner balance differs from the ledger in a way
-- settled rounds and our own transfers do not explain. `difference_satang` = partner − ledger at
-- the last look; `suspense_satang` = what shortfalls booked to house:game_unexplained for it.
CREATE TABLE game_reconciliation_cases (
  id text PRIMARY KEY CHECK (id ~ '^grc_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'cleared')),
  difference_satang bigint NOT NULL DEFAULT 0,
  suspense_satang bigint NOT NULL DEFAULT 0 CHECK (suspense_satang >= 0),
  evidence jsonb NOT NULL,
  resolution text CHECK (resolution IN ('align_partner', 'write_off')),
  resolved_by text,
  resolution_reason text CHECK (resolution_reason IS NULL OR length(resolution_reason) <= 500),
  resolve_transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CONSTRAINT game_cases_resolved CHECK ((status = 'resolved') = (resolved_at IS NOT NULL AND resolution IS NOT NULL AND resolved_by IS NOT NULL))
);
CREATE UNIQUE INDEX game_cases_one_open_per_member ON game_reconciliation_cases (member_id) WHERE status = 'open';
CREATE INDEX game_cases_by_status ON game_reconciliation_cases (status, created_at);
