-- The result of every `npm run ledger:reconcile` run, sound or not (issue 11 "Dashboard": the back
-- office shows the last reconcile's status). The checkpoints of 0024/0027 are stored only by a
-- sound run, so a run that found violations left no trace but its exit code and its log; this row
-- is what the dashboard reads. One row per run; `violations` keeps the first few (invariant and
-- detail, as printed), `violation_count` all of them. Transfer ids say what the run checked: the
-- ledger's own checks covered ids in (ledger_from_transfer_id, ledger_through_transfer_id]; the
-- checks around the ledger covered the rows linked to transfers after around_since_transfer_id
-- (0 = every row) plus the open ones.
CREATE TABLE money_reconcile_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  is_full_run boolean NOT NULL, -- every row was checked: `--full`, or a first run (no checkpoint yet)
  is_sound boolean NOT NULL,
  violation_count integer NOT NULL CHECK (violation_count >= 0),
  violations jsonb NOT NULL DEFAULT '[]'::jsonb,
  ledger_from_transfer_id bigint NOT NULL CHECK (ledger_from_transfer_id >= 0),
  ledger_through_transfer_id bigint NOT NULL CHECK (ledger_through_transfer_id >= 0),
  around_since_transfer_id bigint NOT NULL CHECK (around_since_transfer_id >= 0),
  CONSTRAINT money_reconcile_runs_sound CHECK (is_sound = (violation_count = 0))
);
