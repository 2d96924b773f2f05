import type { Queryable } from '@sabai/db';
import type { Violation } from '@sabai/ledger';

/** Violations listed per invariant at most (the first ones are enough to start looking). */
const MAX_LISTED = 20;

/**
 * The game invariants of `npm run ledger:reconcile` (issue 15, docs/adr/0012), from the ledger and
 * the stored rounds and transfers alone (no partner call):
 * - per member, the GAME_RESULT postings on their game wallet equal the net their rounds booked,
 *   and what suspense took for their rounds is posted on house:game_unexplained;
 * - per member, the game wallet is exactly GAME_IN − GAME_OUT + GAME_RESULT (nothing else touches it);
 * - every game transfer's ledger state matches its row (sending = pending, succeeded = posted,
 *   failed = voided);
 * - house:game_unexplained holds exactly the suspense of the open cases.
 * @returns the violations; empty means sound.
 */
export async function reconcileGame(q: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  const push = (invariant: string, details: string[]) => {
    for (const detail of details.slice(0, MAX_LISTED)) violations.push({ invariant, detail });
  };

  const results = await q.query<{ member_id: string; posted: bigint; booked: bigint }>(
    `WITH posted AS (
       SELECT a.member_id, sum(e.credits_posted - e.debits_posted)::int8 AS posted
       FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.kind = 'game' AND t.code = 'GAME_RESULT' AND t.source_type = 'bet_round' GROUP BY a.member_id),
     booked AS (SELECT member_id, sum(booked_net_satang)::int8 AS booked FROM bet_rounds WHERE NOT is_legacy GROUP BY member_id)
     SELECT coalesce(p.member_id, b.member_id) AS member_id, coalesce(p.posted, 0)::int8 AS posted, coalesce(b.booked, 0)::int8 AS booked
     FROM posted p FULL JOIN booked b ON b.member_id = p.member_id
     WHERE coalesce(p.posted, 0) <> coalesce(b.booked, 0)`,
  );
  push('game results equal the net of the rounds booked', results.rows.map((row) => `${row.member_id}: posted ${row.posted} rounds ${row.booked}`));

  const suspenseRounds = await q.query<{ posted: bigint; rounds: bigint }>(
    `SELECT (SELECT coalesce(sum(e.debits_posted - e.credits_posted), 0)::int8
             FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
             WHERE a.code = 'house:game_unexplained' AND t.code = 'GAME_RESULT') AS posted,
            (SELECT coalesce(-sum(suspense_net_satang), 0)::int8 FROM bet_rounds) AS rounds`,
  );
  const suspense = suspenseRounds.rows[0];
  if (suspense && suspense.posted !== suspense.rounds) {
    push('suspense booked for rounds equals the rounds\u2019 shortfalls', [`posted ${suspense.posted} rounds ${suspense.rounds}`]);
  }

  const stray = await q.query<{ member_id: string; code: string }>(
    `SELECT DISTINCT a.member_id, t.code FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = 'game' AND t.code NOT IN ('GAME_IN', 'GAME_OUT', 'GAME_RESULT') LIMIT $1`,
    [MAX_LISTED],
  );
  push('game wallet = GAME_IN − GAME_OUT + GAME_RESULT', stray.rows.map((row) => `${row.member_id}: ${row.code} touched the game wallet`));

  const transfers = await q.query<{ id: string; status: string; resolution: string | null }>(
    `SELECT g.id, g.status, r.phase AS resolution FROM game_transfers g LEFT JOIN ledger_transfers r ON r.pending_transfer_id = g.reserve_transfer_id
     WHERE (g.status = 'sending' AND r.id IS NOT NULL)
        OR (g.status = 'succeeded' AND r.phase IS DISTINCT FROM 'post_pending')
        OR (g.status = 'failed' AND r.phase IS DISTINCT FROM 'void_pending')
     LIMIT $1`,
    [MAX_LISTED],
  );
  push('game transfers match their ledger reservation', transfers.rows.map((row) => `${row.id}: ${row.status} but ${row.resolution ?? 'unresolved'}`));

  const cases = await q.query<{ account: bigint; open: bigint }>(
    `SELECT (SELECT coalesce(sum(e.debits_posted - e.credits_posted), 0)::int8 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
             WHERE a.code = 'house:game_unexplained') AS account,
            (SELECT coalesce(sum(suspense_satang), 0)::int8 FROM game_reconciliation_cases WHERE status = 'open') AS open`,
  );
  const open = cases.rows[0];
  if (open && open.account !== open.open) push('game suspense equals the open cases\u2019 suspense', [`account ${open.account} open cases ${open.open}`]);
  return violations;
}

/** The open game cases, for the reconcile report (not violations: staff work). */
export async function listOpenGameCaseSummaries(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string; member_id: string; difference_satang: bigint; suspense_satang: bigint; created_at: Date }>(
    `SELECT id, member_id, difference_satang, suspense_satang, created_at FROM game_reconciliation_cases WHERE status = 'open' ORDER BY created_at LIMIT 200`,
  );
  return rows.map((row) => `${row.id} member ${row.member_id}: partner − ledger ${row.difference_satang} satang, suspense ${row.suspense_satang} satang, open since ${row.created_at.toISOString()}`);
}
