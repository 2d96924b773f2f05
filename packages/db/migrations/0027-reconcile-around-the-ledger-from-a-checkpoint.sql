-- ledger:reconcile from a checkpoint, the checks around the ledger too (issue 16 §4, docs/adr/0027).
--
-- Measured on 300,000 members / 3,000,000 transfers (bench/README.md): the ledger's own checks
-- ran from their checkpoint (migration 0024) but the checks around the ledger read whole tables
-- every run (every credited deposit, every reward row, every game transfer and bet round, every
-- entry of the hot derived accounts house:unallocated_deposits and house:payouts_in_flight).

-- A sound run of the checks around the ledger stores the transfer id it verified through and the
-- derived house accounts' totals through it; the next run checks only the rows linked to newer
-- transfers, plus the open rows, and adds the window's entries to these totals. The newest row is
-- the checkpoint; `--full` checks everything and stores one too.
CREATE TABLE money_reconcile_checkpoints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  through_transfer_id bigint NOT NULL CHECK (through_transfer_id >= 0),
  is_full_run boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE money_reconcile_checkpoint_totals (
  checkpoint_id bigint NOT NULL REFERENCES money_reconcile_checkpoints (id),
  account_code text NOT NULL,
  debits_posted bigint NOT NULL CHECK (debits_posted >= 0),
  credits_posted bigint NOT NULL CHECK (credits_posted >= 0),
  debits_pending bigint NOT NULL CHECK (debits_pending >= 0),
  credits_pending bigint NOT NULL CHECK (credits_pending >= 0),
  PRIMARY KEY (checkpoint_id, account_code)
);

-- The open rows every run still sums in full (few at any time), each by an index:
-- held and refunding deposits (house:unallocated_deposits holds exactly them; the held-only
-- index of 0003 left the refunding ones to a scan of all deposits) ...
CREATE INDEX deposits_open_idx ON deposits (status) INCLUDE (amount_satang) WHERE status IN ('held', 'refunding');
-- ... and the rounds that booked suspense (house:game_unexplained holds exactly their shortfalls):
-- rare, so an index-only sum instead of a scan of every bet round. The column is already in the
-- predicate of bet_rounds_unbooked_idx, so this costs no HOT update that was not already lost.
CREATE INDEX bet_rounds_suspense_idx ON bet_rounds (member_id) INCLUDE (suspense_net_satang) WHERE suspense_net_satang <> 0;

-- A game transfer reached from its reservation, for the window's pending transfers and resolutions.
CREATE INDEX game_transfers_reserve_transfer_idx ON game_transfers (reserve_transfer_id);
