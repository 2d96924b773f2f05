-- Fewer index entries written per posting (issue 29 §4; docs/adr/0068).
--
-- pg_waldump of 2,000 member-to-member postings (packages/ledger/src/explain-posting-wal.ts):
-- 21–22 WAL records and ~1,700 bytes (without full-page images) per posting, 11 of them index inserts. Two of the indexes
-- serve no read of the ledger or of any module:
--
-- 1. ledger_entries_pkey (id): every posting wrote it twice (one per entry). No statement looks
--    an entry up by its id alone: the statement pages by (account_id, id) on
--    ledger_entries_account_idx, everything else reaches entries by (transfer_id, account_id) or
--    (account_id, …); no foreign key references an entry. The table's key is, and always was,
--    (transfer_id, account_id) — one entry per account per transfer, the unique constraint
--    ledger_entries_one_per_account. That constraint becomes the primary key (same name, same
--    columns, same uniqueness; its index is built once here). `id` stays: an identity column,
--    unique by its sequence (GENERATED ALWAYS, the table append-only), the statement's order and
--    cursor.
-- 2. ledger_transfers_source_idx (source_type, source_id): every posting wrote it once, NULL
--    sources too. Its only reader is listTransfersOfSource, which tests and test kits call
--    (no module or SQL function does); report and reconcile reads filter source_type next to an
--    indexed condition (a code, an account, a window of ids or times) and never used it.
--
-- Per member-to-member posting: −3.0 WAL records (21.1–22.1 → 17.6–19.1) and −200 bytes without
-- full-page images (~1,700 → ~1,500), measured interleaved (docs/adr/0068).
-- Nothing about a transfer, an entry, an outcome or a lock changes.

ALTER TABLE ledger_entries
  DROP CONSTRAINT ledger_entries_pkey,
  DROP CONSTRAINT ledger_entries_one_per_account,
  ADD CONSTRAINT ledger_entries_one_per_account PRIMARY KEY (transfer_id, account_id);

DROP INDEX ledger_transfers_source_idx;
