-- Issue 30 §2 (docs/adr/0046): the daily Hub88 reconciliation. Every Hub88 transaction of a day must
-- match one Sabai record; each one that does not is filed here once (a rerun of the day files
-- nothing twice) and added to the member's case in the game-reconciliation screen.
CREATE TABLE hub88_reconciliation_mismatches (
  transaction_uuid text PRIMARY KEY CHECK (length(transaction_uuid) BETWEEN 1 AND 100),
  day date NOT NULL,
  member_id text NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('MISSING_IN_SABAI', 'NOT_IN_HUB88', 'AMOUNT_DIFFERS')),
  -- Partner − ledger on the member's balance, satang (0 when Hub88 did not say enough to know).
  difference_satang bigint NOT NULL,
  case_id text NOT NULL REFERENCES game_reconciliation_cases (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hub88_reconciliation_mismatches_day_idx ON hub88_reconciliation_mismatches (day);

-- The daily job is named after its partner (`hub88-day-reconciliation`): job names may hold digits.
ALTER TABLE periodic_job_runs DROP CONSTRAINT periodic_job_runs_job_name_check;
ALTER TABLE periodic_job_runs ADD CONSTRAINT periodic_job_runs_job_name_check CHECK (job_name ~ '^[a-z][a-z0-9-]*$');
