-- Back-office history lists at operator scale (issue 11, issue 16 §3): the withdrawals and the
-- affiliate income withdrawals a staff member lists by status — paid, failed, rejected newest
-- first — reach the newest rows of that status by an index instead of sorting every finished row.
-- (The work queues — waiting, approved, paying — already have partial indexes in created_at order.)
CREATE INDEX withdrawals_status_created_idx ON withdrawals (status, created_at DESC, id);
CREATE INDEX affiliate_withdrawals_status_created_idx ON affiliate_withdrawals (status, created_at DESC, id);
