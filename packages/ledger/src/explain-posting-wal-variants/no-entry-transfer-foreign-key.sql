-- Measurement variant for explain-posting-wal.ts (docs/adr/0068, 0072), NOT a migration: the entries' foreign key
-- to ledger_transfers dropped on the scratch database. Apply after before-0062.sql.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transfer_id_fkey;
