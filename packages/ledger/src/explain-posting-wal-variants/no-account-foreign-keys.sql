-- Measurement variant for explain-posting-wal.ts (docs/adr/0072), NOT a migration: the three foreign keys
-- that name ledger_accounts (a transfer's debit and credit account, an entry's account) dropped on the
-- scratch database. Apply after before-0062.sql, with or without merged-lock-and-update.sql.
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_debit_account_id_fkey, DROP CONSTRAINT ledger_transfers_credit_account_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;
