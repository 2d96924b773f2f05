-- Member reads at operator scale (issue 16 parts 3 and 4; docs/adr/0023).
--
-- A member read must cost what the member's own history costs, not what the whole ledger costs.
-- Measured on 1M members / 10M transfers, the deposit history (and the cashback history) ran a
-- parallel sequential scan of all of ledger_transfers on every call: nothing indexed
-- credit_account_id. The affiliate income withdrawals did the same on debit_account_id, and the
-- reward period jobs scanned every bet round (nothing indexed settled_at alone). The ledger's
-- indexes and the reconcile checkpoints are in packages/ledger/migrations/0024-ledger-member-reads.sql.

-- Reward periods (cashback, affiliate): the settled rounds of one period, whatever the members.
CREATE INDEX bet_rounds_settled_at_idx ON bet_rounds (settled_at) WHERE status = 'settled';

-- Refresh's lifetime totals: index-only sums over the member's own credited deposits / paid
-- withdrawals (no heap visit per row for a busy member).
CREATE INDEX deposits_member_credited_idx ON deposits (member_id) INCLUDE (amount_satang) WHERE status = 'credited';
CREATE INDEX withdrawals_member_paid_idx ON withdrawals (member_id) INCLUDE (amount_satang) WHERE status = 'paid';
-- The affiliate summary lists the member's own income withdrawals that went to staff.
CREATE INDEX affiliate_withdrawals_member_idx ON affiliate_withdrawals (member_id, created_at DESC);
-- The deposit history names a deposit by its credit transfer.
CREATE INDEX deposits_credit_transfer_idx ON deposits (credit_transfer_id) WHERE credit_transfer_id IS NOT NULL;

-- Session purging (periodic job `member-session-purge`): expired sessions, oldest first, in batches.
CREATE INDEX member_sessions_expires_idx ON member_sessions (expires_at);
