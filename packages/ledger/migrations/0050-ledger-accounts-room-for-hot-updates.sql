-- Room on each page of ledger_accounts for the new versions of its rows (issue 29 §4; docs/adr/0054).
--
-- Every posting updates the totals of its cached accounts: a few thousand member rows, each
-- updated many times a second under load. An update is HOT (no new index entries, the old version
-- pruned on the next visit) only when the new version fits on the row's own page. At the default
-- fillfactor (100) the pages are full from the start, so a share of updates went to another page
-- and wrote a new entry into every index of the table (packages/ledger/src/explain-posting-cpu.ts, 1,000
-- members, 10,000 postings: 95.7 % HOT and ~1,100 dead versions; with 50: 100 % HOT, ~40 dead;
-- the backend's CPU per posting 205–230 µs against 215–255 µs). On a server where autovacuum is
-- off or behind, those dead versions and index entries stay. Half of each page is left free.
--
-- Pages written from now on follow the setting; rows already stored move to roomy pages as they
-- are updated (no table rewrite here: it would lock the table).
ALTER TABLE ledger_accounts SET (fillfactor = 50);

-- ledger_lock_member_wallet(member, kind): the member's wallet account locked as a posting locks
-- it (FOR NO KEY UPDATE, until the transaction ends) and its spendable balance under the lock
-- (posted credits − posted debits − pending debits, satang), or no row. For SQL functions of
-- other modules that must check funds and post under one lock in one call (docs/adr/0054); the
-- TypeScript twin is lockMemberWallet (packages/ledger/src/posting-with.ts).
CREATE FUNCTION ledger_lock_member_wallet(p_member_id text, p_kind text)
RETURNS TABLE (account_id bigint, available_satang bigint) LANGUAGE sql AS $$
  SELECT a.id, a.credits_posted - a.debits_posted - a.debits_pending
    FROM ledger_accounts a
   WHERE a.member_id = p_member_id AND a.kind = p_kind
     FOR NO KEY UPDATE
$$;
