-- A delivery whose handler works in two stages (docs/adr/0075, issue 29 §3): first a transaction of
-- our own database (the bonus decision and the wheel credit of a credited deposit), then a call to an
-- outside party (the move into the game). `staged_at` is set in the first stage's transaction, so it
-- is committed exactly when that stage's work is; a retry of the delivery (a failed or lost second
-- stage, a job run twice, staff sending a dead letter again) finds it set and runs only the second
-- stage. Null for every other handler. A nullable column without a default: no table rewrite.
ALTER TABLE outbox_deliveries ADD COLUMN staged_at timestamptz;
