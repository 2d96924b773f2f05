-- The posting functions reach every row by its key (issue 16 §5; bench/README.md "Plans by key").
--
-- Their statements are planned once per connection and kept (PL/pgSQL's plan cache), with the
-- statistics of that moment. On a young or small database (a new installation, the benchmark's
-- 1,000 members) or a table that grew since its last ANALYZE, the planner chose sequential scans:
-- the totals UPDATE of ledger_create_transfer joined its two entries to every row of
-- ledger_accounts (0.45 ms of a 1.1 ms posting on 1,000 accounts), and ledger_create_transfers
-- hashed all of ledger_transfers to look up a batch's idempotency keys and pending transfers.
-- Every lookup in them has a key and an index (primary keys, the idempotency key, the entries'
-- transfer id), so a sequential scan of a ledger table there is never the right plan: the
-- functions plan with sequential scans off. PostgreSQL still uses one where no index can serve.
ALTER FUNCTION ledger_create_transfer SET enable_seqscan = off;
ALTER FUNCTION ledger_create_transfers SET enable_seqscan = off;
