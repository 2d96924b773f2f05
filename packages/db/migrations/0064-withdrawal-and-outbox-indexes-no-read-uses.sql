-- Two indexes written on every withdrawal that no read needs (issue 29 §3; docs/adr/0074).
--
-- withdrawals_open_idx (status, created_at) WHERE status is open: every statement that could use it
-- filters on status and is served as well by withdrawals_status_created_idx (status, created_at DESC,
-- id), the staff lists' index (migration 0030): the same rows, cost +0.15 at most (EXPLAIN ANALYZE at
-- 300,000 withdrawals in docs/adr/0074). A withdrawal writes it twice (recorded `paying` / `approved`
-- and any update while open: every status change is a non-HOT update, status being indexed).
--
-- outbox_events_member (member_id, id): no statement of the product reads outbox_events by member
-- (the relay reads by id through outbox_events_waiting, the staff's delivery list joins by id).
-- Every outbox event of every module writes it twice: at its insert and at its relay's
-- `dispatched_at` update, which is not HOT (dispatched_at is in outbox_events_waiting's predicate).
--
-- Each DROP takes an ACCESS EXCLUSIVE lock on its table for an instant (no rebuild).
DROP INDEX withdrawals_open_idx;
DROP INDEX outbox_events_member;
