-- Login's known-address check by the member's own sessions (issue 29 §3, docs/adr/0065).
--
-- Login asks whether the phone's member signed in from this address in the last 30 days
-- (modules/auth/log-in.ts: the per-phone failure brake never applies at such an address). It reads
-- the member's sessions created since then, revoked or not (a session ended by logout still proves
-- the address). The only index by member was member_sessions_member_idx, partial on
-- `revoked_at IS NULL`, which that read cannot use: every login scanned the whole table (kept 30
-- days past expiry), its cost growing with every session of every member. This index reaches the
-- member's recent sessions and carries the address, so the read touches only those index entries.
CREATE INDEX member_sessions_member_created_idx ON member_sessions (member_id, created_at) INCLUDE (ip_address);
