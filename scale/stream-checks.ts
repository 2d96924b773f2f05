import type { Db } from '@sabai/db';
import { findTransfersByKeys } from '@sabai/ledger';
import type { CheckResult } from './checks.ts';
import type { StreamSegment } from './event-stream.ts';
import type { SimulatedMember } from './simulated-member.ts';

/**
 * Did each member's live stream hear about the member's own deposits?
 *
 * A `balance` event carries only its reason (`{"reason":"deposit"}`, never an id or an amount), so
 * a deposit is matched to the first unmatched `deposit` event of the member's stream that arrived
 * after the deposit was sent (the event is sent at the commit of the credit, which is after that).
 * The bonus and wheel credit of a deposit also send `deposit` events, so this alone is lenient;
 * the exact count below is not.
 *
 * A deposit counts only if the member's stream was connected (its `ready` received) when the
 * deposit was sent. Not heard:
 * - on a stream whose API process was killed before the event could arrive: excused, reported;
 * - on a stream whose process survived: a miss, and the check fails.
 *
 * Exact count: for members whose one connection lasted the whole run, the number of `deposit`
 * events must equal what the database says was sent: one per credited deposit (at the credit's
 * commit), and one per deposit whose follow-up granted a bonus or earned wheel credit (both commit
 * in one transaction with one notification, docs/adr/0075).
 */
export interface StreamFigures {
  streams: number;
  connections: number;
  reconnects: number;
  expected: number;
  received: number;
  notCovered: number;
  missedOnKilledProcess: number;
  missedOnSurvivingProcess: number;
  misses: string[];
  exact: { members: number; expected: number; received: number; fewer: string[]; more: string[] };
}

export interface KillRecord {
  server: string;
  /** performance.now() of the kill. */
  at: number;
}

/** How long after a kill a stream of that process may still take to notice it ended. */
const KILL_NOTICE_MS = 15_000;

export function analyseStreams(members: readonly SimulatedMember[], kills: readonly KillRecord[]): Omit<StreamFigures, 'exact'> {
  const figures = { streams: 0, connections: 0, reconnects: 0, expected: 0, received: 0, notCovered: 0, missedOnKilledProcess: 0, missedOnSurvivingProcess: 0, misses: [] as string[] };
  for (const member of members) {
    const stream = member.stream;
    if (!stream) continue;
    figures.streams += 1;
    figures.connections += stream.segments.length;
    figures.reconnects += Math.max(0, stream.segments.length - 1);
    const events = stream.events.filter((event) => event.reason === 'deposit');
    const isUsed = events.map(() => false);
    const deposits = member.deposits.filter((deposit) => deposit.isAcknowledged).sort((a, b) => a.sentAt - b.sentAt);
    for (const deposit of deposits) {
      const segment = stream.segments.find((candidate) => candidate.readyAt !== null && candidate.readyAt <= deposit.sentAt && (candidate.closedAt === null || candidate.closedAt > deposit.sentAt));
      if (!segment) {
        figures.notCovered += 1;
        continue;
      }
      figures.expected += 1;
      const match = events.findIndex((event, index) => !isUsed[index] && event.at >= deposit.sentAt);
      if (match >= 0) {
        isUsed[match] = true;
        figures.received += 1;
      } else if (wasKilled(segment, kills)) {
        figures.missedOnKilledProcess += 1;
      } else {
        figures.missedOnSurvivingProcess += 1;
        figures.misses.push(`${member.plan.phoneNumber} ${deposit.providerRef} (stream on ${segment.server}, ${segment.closeReason ?? 'open'})`);
      }
    }
  }
  return figures;
}

function wasKilled(segment: StreamSegment, kills: readonly KillRecord[]): boolean {
  return kills.some((kill) => kill.server === segment.server && segment.closedAt !== null && segment.closedAt >= kill.at && segment.closedAt <= kill.at + KILL_NOTICE_MS);
}

/** The exact count for members whose single connection lasted from before their first deposit to the end. */
export async function countExactly(db: Db, members: readonly SimulatedMember[]): Promise<StreamFigures['exact']> {
  const whole = members.filter((member) => {
    const segments = member.stream?.segments ?? [];
    const first = member.deposits[0];
    return segments.length === 1 && segments[0]?.closeReason === 'stopped' && segments[0].readyAt !== null && (!first || segments[0].readyAt <= first.sentAt);
  });
  const { rows } = await db.query<{ phone_number: string; credited: bigint; deposit_ids: string[]; granted_deposit_ids: string[] }>(
    `SELECT m.phone_number,
            (SELECT count(*) FROM deposits d WHERE d.member_id = m.id AND d.status = 'credited') AS credited,
            coalesce((SELECT array_agg(d.id) FROM deposits d WHERE d.member_id = m.id), '{}') AS deposit_ids,
            coalesce((SELECT array_agg(g.deposit_id) FROM bonus_grants g WHERE g.member_id = m.id), '{}') AS granted_deposit_ids
     FROM members m WHERE m.phone_number = ANY($1::text[])`,
    [whole.map((member) => member.plan.phoneNumber)],
  );
  // A deposit's follow-up (docs/adr/0075) notified once more when it granted a bonus or earned
  // wheel credit (its WHEEL transfer `wheel-earn:<deposit>`): both in one transaction, one notification.
  const wheelEarned = new Set(
    (await findTransfersByKeys(db, rows.flatMap((row) => row.deposit_ids.map((id) => `wheel-earn:${id}`)))).map((transfer) => transfer.idempotencyKey),
  );
  const expectedByPhone = new Map(
    rows.map((row) => {
      const granted = new Set(row.granted_deposit_ids);
      const followUpsThatPosted = row.deposit_ids.filter((id) => granted.has(id) || wheelEarned.has(`wheel-earn:${id}`)).length;
      return [row.phone_number, Number(row.credited) + followUpsThatPosted];
    }),
  );
  const exact = { members: whole.length, expected: 0, received: 0, fewer: [] as string[], more: [] as string[] };
  for (const member of whole) {
    const expected = expectedByPhone.get(member.plan.phoneNumber) ?? 0;
    const received = member.stream?.events.filter((event) => event.reason === 'deposit').length ?? 0;
    exact.expected += expected;
    exact.received += received;
    if (received < expected) exact.fewer.push(`${member.plan.phoneNumber}: ${received}/${expected} on ${member.stream?.segments[0]?.server}`);
    if (received > expected) exact.more.push(`${member.plan.phoneNumber}: ${received}/${expected} on ${member.stream?.segments[0]?.server}`);
  }
  return exact;
}

export function streamCheck(figures: StreamFigures): CheckResult[] {
  return [
    {
      name: 'every live stream heard each of its member\'s acknowledged deposits (misses counted only on surviving processes)',
      isPassed: figures.missedOnSurvivingProcess === 0 && figures.expected > 0,
      detail:
        `${figures.received}/${figures.expected} heard; ${figures.missedOnKilledProcess} missed on a killed process (excused), ` +
        `${figures.notCovered} sent while the stream was reconnecting (not counted)` +
        (figures.misses.length > 0 ? `; missed: ${figures.misses.slice(0, 5).join('; ')}` : ''),
    },
    {
      name: 'uninterrupted streams received exactly the deposit notifications the database recorded',
      isPassed: figures.exact.fewer.length === 0 && figures.exact.members > 0,
      detail:
        `${figures.exact.members} members, ${figures.exact.received}/${figures.exact.expected} events` +
        (figures.exact.fewer.length > 0 ? `; fewer: ${figures.exact.fewer.slice(0, 5).join('; ')}` : '') +
        (figures.exact.more.length > 0 ? `; more than recorded (reported, not failed): ${figures.exact.more.slice(0, 5).join('; ')}` : ''),
    },
  ];
}
