-- The batch posting function plans its statements once per connection, by key (issue 16 §5;
-- docs/adr/0035).
--
-- PL/pgSQL keeps a cached plan per statement, but for statements with parameters PostgreSQL
-- re-plans every call while it judges a custom plan cheaper than the generic one. The batch
-- function's statements take arrays (`= ANY ($1)`, `unnest(...)`), whose generic estimates always
-- look worse, so every call re-planned its eight statements: ~0.6–0.9 ms of a 1.9–2.4 ms call of 2–4
-- transfers (bench/README.md, "Batch function plans", 2026-11-28). Forced generic plans are made
-- once per connection; with sequential scans off those plans reach every row by its key (every
-- lookup in the function has one: primary keys, the idempotency keys, pending_transfer_id), as
-- the single posting function has since migration 0032, whatever the statistics say when the
-- connection plans. PostgreSQL still uses a sequential scan where no index can serve.
ALTER FUNCTION ledger_create_transfers SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION ledger_create_transfers SET enable_seqscan = off;
