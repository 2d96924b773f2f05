-- Transactional outbox (issue 10 §3, docs/adr/0017-outbox-and-worker.md). A money change writes
-- its event here in the same transaction as its ledger postings; the worker hands each event to
-- the jobs of the handlers that follow it (pg-boss) and records every delivery's outcome, so a
-- failed handler is retried with backoff and then kept as a visible dead letter with its reason.
CREATE TABLE outbox_events (
  id bigserial PRIMARY KEY,
  -- Idempotency key of the event ("deposit.credited:dep_…"): recording the same event twice is one row.
  event_key text NOT NULL UNIQUE CHECK (length(event_key) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z-]*\.[a-z][a-z-]*$'),
  member_id text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz
);
CREATE INDEX outbox_events_waiting ON outbox_events (id) WHERE dispatched_at IS NULL;
CREATE INDEX outbox_events_member ON outbox_events (member_id, id);

CREATE TABLE outbox_deliveries (
  event_id bigint NOT NULL REFERENCES outbox_events (id),
  handler text NOT NULL CHECK (handler ~ '^[a-z][a-z-]*$'),
  status text NOT NULL CHECK (status IN ('queued', 'retrying', 'done', 'dead')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  PRIMARY KEY (event_id, handler)
);
CREATE INDEX outbox_deliveries_open ON outbox_deliveries (status, updated_at) WHERE status <> 'done';

-- Periodic work (bet pull, cashback and affiliate periods, recoveries) run by the worker: one row
-- per run, so "exactly one run per period whatever the number of processes" can be checked.
CREATE TABLE periodic_job_runs (
  job_name text NOT NULL CHECK (job_name ~ '^[a-z][a-z-]*$'),
  period_start timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('ok', 'failed')),
  detail jsonb,
  PRIMARY KEY (job_name, period_start)
);
