import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { satangToBahtNumber } from '@sabai/money';
import { rgExclusionBody, rgLimitsBody, rgRealityCheckBody } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../auth/index.ts';
import { activeExclusion, confirmLimitChanges, limitsToWire, readActivity, readLimits, readReturnedDeposits, setLimits, startExclusion } from './member-protection.ts';
import { LIMIT_PERIODS } from './rg-rules.ts';
import { readRealityCheckMinutes, setRealityCheckMinutes, touchPlaySession } from './reality-check.ts';
import { registerResponsibleGamingStaffRoutes } from './staff-routes.ts';

const TAGS = ['player protection'];

/**
 * Player protection for members (issue 12), under the spec's member API: limits (deposit and loss
 * per 24 h / 7 d / 30 d, baht, null = none), their confirmation after a cooling-off, time-out and
 * self-exclusion, the reality-check interval and play session, and the member's own activity.
 * Response shapes: packages/contracts/src/responsible-gaming.ts.
 */
export function registerResponsibleGamingRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = '/user-profile-composite/v1/responsible-gaming';
  registerResponsibleGamingStaffRoutes(app, context);
  const view = async (memberId: string) => {
    const { limits, pending } = await readLimits(context.db, memberId);
    const exclusion = await activeExclusion(context.db, memberId, context.now());
    return {
      ...limitsToWire(limits),
      pending: pending.map((change) => ({ kind: change.kind, period: change.period, amount: change.amountSatang === null ? null : satangToBahtNumber(change.amountSatang), effectiveAt: change.effectiveAt.toISOString() })),
      exclusion: exclusion ? { kind: exclusion.kind, endsAt: exclusion.endsAt.toISOString() } : null,
      realityCheckMinutes: await readRealityCheckMinutes(context.db, memberId),
    };
  };
  routes.get(`${base}/limits`, { schema: { tags: TAGS } }, async (request) => {
    const session = await requireMember(context, request);
    return { success: true, message: 'สำเร็จ', data: await view(session.memberId) };
  });
  routes.put(`${base}/limits`, { schema: { tags: TAGS, body: rgLimitsBody } }, async (request) => {
    const session = await requireMember(context, request);
    await setLimits(context, session.memberId, { deposit: request.body.depositLimit, loss: request.body.lossLimit });
    return { success: true, message: 'บันทึกวงเงินแล้ว การลดวงเงินมีผลทันที การเพิ่มหรือยกเลิกมีผลหลัง 24 ชั่วโมงและการยืนยันอีกครั้ง', data: await view(session.memberId) };
  });
  routes.post(`${base}/limits/confirm`, { schema: { tags: TAGS } }, async (request) => {
    const session = await requireMember(context, request);
    const applied = await confirmLimitChanges(context, session.memberId);
    return { success: true, message: applied > 0 ? 'ยืนยันการเปลี่ยนวงเงินแล้ว' : 'ยังไม่มีรายการที่ครบ 24 ชั่วโมง', data: await view(session.memberId) };
  });
  routes.post(`${base}/exclusion`, { schema: { tags: TAGS, body: rgExclusionBody } }, async (request) => {
    const session = await requireMember(context, request);
    const exclusion = await startExclusion(context, session.memberId, request.body);
    // A self-exclusion is confirmed in its own words, not a time-out's (issue 26 §3).
    const message = request.body.kind === 'self_exclusion' ? 'เริ่มระงับตัวเองจากการเล่นแล้ว ยกเลิกก่อนกำหนดไม่ได้' : 'เริ่มพักการเล่นแล้ว ยกเลิกก่อนกำหนดไม่ได้';
    return { success: true, message, data: { kind: exclusion.kind, endsAt: exclusion.endsAt.toISOString() } };
  });
  routes.get(`${base}/activity`, { schema: { tags: TAGS } }, async (request) => {
    const session = await requireMember(context, request);
    const activity = await readActivity(context.db, session.memberId, context.now());
    const toBaht = (values: Record<string, bigint>) => Object.fromEntries(LIMIT_PERIODS.map((period) => [period, satangToBahtNumber(values[period] ?? 0n)]));
    const returned = await readReturnedDeposits(context.db, session.memberId);
    return { success: true, message: 'สำเร็จ', data: { deposits: toBaht(activity.deposits), netLoss: toBaht(activity.netLoss), returnedDeposits: returned } };
  });
  routes.put(`${base}/reality-check`, { schema: { tags: TAGS, body: rgRealityCheckBody } }, async (request) => {
    const session = await requireMember(context, request);
    await setRealityCheckMinutes(context, session.memberId, request.body.minutes);
    return { success: true, message: 'บันทึกการแจ้งเตือนเวลาเล่นแล้ว', data: await view(session.memberId) };
  });
  // The game page: opening it starts (or continues) the play session; the reality check reads it.
  routes.post(`${base}/session`, { schema: { tags: TAGS } }, async (request) => {
    const session = await requireMember(context, request);
    const play = await touchPlaySession(context, session.memberId);
    return { success: true, message: 'สำเร็จ', data: { startedAt: play.startedAt.toISOString(), netResult: satangToBahtNumber(play.netResultSatang), realityCheckMinutes: play.realityCheckMinutes } };
  });
}
