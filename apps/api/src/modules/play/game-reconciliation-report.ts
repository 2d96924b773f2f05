import type { GameReconciliationLine } from '@sabai/contracts';
import { readMemberWalletAvailable } from '@sabai/ledger';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { checkMemberGameWallet, type GameWalletState } from './detect-game-difference.ts';

/**
 * The ledger's view of each member's game wallet against the partner's balance (issue 15), one
 * page of members at a time in member id order (`after` = the last member id of the previous
 * page; `nextAfter` is null on the last page), optionally one member only.
 *
 * Read-only by default: `ledger` is the available game wallet, `partner` the live balance, or null
 * with state `unknown` when the partner could not answer (never counted as a difference);
 * `in_flight` when a transfer of ours is still unknown. With `isRun`, each member gets a quiet
 * look instead (detect-game-difference.ts): rounds pulled and booked, and a difference that
 * nothing explains opens or updates the member's case for staff.
 */
export async function gameReconciliationReport(
  context: AppContext,
  options: { limit: number; after?: string | undefined; memberId?: string | undefined; isRun?: boolean },
) {
  const { rows } = await context.db.query<{ member_id: string; username: string; phone_number: string; sending: bigint; case_id: string | null }>(
    `SELECT g.member_id, g.username, m.phone_number,
            (SELECT count(*) FROM game_transfers t WHERE t.member_id = g.member_id AND t.status = 'sending') AS sending,
            (SELECT c.id FROM game_reconciliation_cases c WHERE c.member_id = g.member_id AND c.status = 'open') AS case_id
     FROM game_accounts g JOIN members m ON m.id = g.member_id
     WHERE ($1::text IS NULL OR g.member_id > $1) AND ($2::text IS NULL OR g.member_id = $2)
     ORDER BY g.member_id LIMIT $3`,
    [options.after ?? null, options.memberId ?? null, options.limit],
  );
  const lines: GameReconciliationLine[] = [];
  for (const row of rows) {
    const line: { state: GameWalletState; ledgerSatang: bigint; partnerSatang: bigint | null; differenceSatang: bigint | null; caseId: string | null } = options.isRun
      ? await checkMemberGameWallet(context, { memberId: row.member_id, username: row.username })
      : await lookWithoutChanging(context, row);
    lines.push({
      memberId: row.member_id,
      phoneNumber: row.phone_number,
      username: row.username,
      state: line.state,
      ledgerGameWallet: satangToBahtNumber(line.ledgerSatang),
      partnerGameWallet: line.partnerSatang === null ? null : satangToBahtNumber(line.partnerSatang),
      difference: line.differenceSatang === null ? null : satangToBahtNumber(line.differenceSatang),
      transfersInFlight: Number(row.sending),
      openCaseId: options.isRun ? line.caseId : row.case_id,
    });
  }
  const count = (state: GameWalletState) => lines.filter((line) => line.state === state).length;
  return {
    members: lines,
    withDifference: count('difference'),
    unknown: count('unknown'),
    inFlight: count('in_flight') + count('busy'),
    nextAfter: rows.length === options.limit ? (rows.at(-1)?.member_id ?? null) : null,
  };
}

async function lookWithoutChanging(context: AppContext, row: { member_id: string; username: string; sending: bigint }) {
  const ledgerSatang = await readMemberWalletAvailable(context.db, row.member_id, 'game');
  let partnerSatang: bigint | null = null;
  try {
    partnerSatang = await context.partner.getBalance(row.username);
  } catch (error) {
    // Unreadable is "unknown", not a difference (issue 15).
    if (!(error instanceof PartnerUnavailableError)) throw error;
  }
  if (partnerSatang === null) return { state: 'unknown' as const, ledgerSatang, partnerSatang, differenceSatang: null, caseId: null };
  if (row.sending > 0n) return { state: 'in_flight' as const, ledgerSatang, partnerSatang, differenceSatang: null, caseId: null };
  const differenceSatang = partnerSatang - ledgerSatang;
  return { state: differenceSatang === 0n ? ('ok' as const) : ('difference' as const), ledgerSatang, partnerSatang, differenceSatang, caseId: null };
}
