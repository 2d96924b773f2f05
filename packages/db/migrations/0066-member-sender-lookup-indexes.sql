-- The bank-feed credit's candidate read (apps/api deposits/channels/bank.ts candidateFilter; issue 29,
-- docs/adr/0076) reached members by a sequential scan: `strpos(bank_account_number, $digits) > 0`
-- for a masked sender account, `bank_code = $1 AND upper(first_name || ' ' || last_name) = upper($2)`
-- for a sender's name. Every credit read every member: at 100,000 members that is the whole table
-- per bank SMS, on the path that must keep up with the house account's feed.
--
-- A masked account's visible digits are a contiguous run somewhere in the account number (a prefix,
-- a suffix or inside): a trigram index answers `LIKE '%1234%'`, `'1234%'` and `'%1234'` alike
-- (MIN_VISIBLE_DIGITS = 4 digits give at least two trigrams). pg_trgm ships with PostgreSQL's contrib
-- (Debian's postgresql-15, every managed service) and is a trusted extension since PostgreSQL 13: the
-- database owner may create it. PGlite loads it too (packages/db client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX members_bank_account_trgm ON members USING gin (bank_account_number gin_trgm_ops);

-- A whole account (a statement line names the sender's full account): its own index, as the unique
-- index on (bank_code, bank_account_number) leads with the bank and the read looks at every bank.
CREATE INDEX members_bank_account_number ON members (bank_account_number);

-- The sender's name at the sender's bank, the expression the candidate read compares.
CREATE INDEX members_bank_holder_name ON members (bank_code, upper(first_name || ' ' || last_name));
