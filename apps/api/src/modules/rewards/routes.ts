import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idempotencyKeyHeaders } from '@sabai/contracts';
import {
  createItemCodeRequest,
  itemCodeListQuery,
  itemCodeListResponse,
  itemCodeRedeemRequest,
  itemCodeRedeemResponse,
  itemCodeResponse,
  spinRequest,
  spinResponse,
  wheelResponse,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireMember, requireMemberWithinLimit } from '../auth/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { requireStaff, requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { createItemCode } from './create-item-code.ts';
import { getWheel } from './get-wheel.ts';
import { listItemCodes, type ItemCodeRow } from './list-item-codes.ts';
import { redeemItemCode } from './redeem-item-code.ts';
import { spinWheel, type SpinView } from './spin-wheel.ts';
import type { WheelPrizeRow } from './wheel-prizes.ts';
import { SPIN_COST_SATANG } from './wheel-rules.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** Item code attempts per client address, counted before the body is read (plugins/ip-rate-limit.ts). */
const REDEEM_PER_IP = { name: 'item-code:ip', limit: 30, windowMs: 60_000 };

const toWirePrize = (prize: Pick<WheelPrizeRow, 'id' | 'label' | 'kind' | 'amountSatang' | 'sortOrder'>) => ({
  id: prize.id,
  label: prize.label,
  kind: prize.kind,
  Amount: satangToBahtNumber(prize.amountSatang),
  sortOrder: prize.sortOrder,
});

const spinMessage = (spin: SpinView) => (spin.prize.kind === 'nothing' ? 'เสียใจด้วย ไม่ได้รางวัล ลองใหม่อีกครั้ง' : `ยินดีด้วย คุณได้รับ ${spin.prize.label}`);

const toWireItemCode = (row: ItemCodeRow, now: Date) => ({
  code: row.code,
  Amount: satangToBahtNumber(row.amountSatang),
  totalUses: row.totalUses,
  redeemedCount: row.redeemedCount,
  expiresAt: row.expiresAt.toISOString(),
  isExpired: row.expiresAt.getTime() <= now.getTime(),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  turnoverMultiple: row.turnoverMultiple,
  approvalStatus: row.approvedAt ? ('approved' as const) : row.expiresAt.getTime() <= now.getTime() ? ('rejected' as const) : ('pending' as const),
});

/**
 * Rewards (issue "Rewards"): item-code redemption and the prize wheel for members (spec §7), and
 * item codes for staff (`/admin-api/v1/item-codes`, plugins/staff-auth.ts, audited).
 */
export function registerRewardRoutes(app: FastifyInstance, context: AppContext): void {
  registerMemberRewardRoutes(app, context);
  registerItemCodeRoutes(app, context);
}

/** The member's rewards: redeeming an item code, the prize wheel and a spin. */
function registerMemberRewardRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/user-profile-composite/v1/topup/itemcode/redeem', {
    schema: { tags: ['rewards'], summary: 'Redeem an item code into the main wallet', body: itemCodeRedeemRequest, response: { 200: itemCodeRedeemResponse, ...refusals } },
    // A code that cannot even be well-formed is one that does not exist.
    config: { validationErrorCode: 'ITEM_CODE_NOT_FOUND', ipRateLimit: REDEEM_PER_IP, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.redeemPerMember);
      const redemption = await redeemItemCode(context, { memberId: session.memberId, code: request.body.redeem_code });
      return { success: true, message: 'เติมเครดิตจากโค้ดสำเร็จ', data: { code: redemption.code, Amount: satangToBahtNumber(redemption.amountSatang) } };
    },
  });

  routes.get('/prize-composite/v1/wheel', {
    schema: { tags: ['rewards'], summary: 'The prize wheel: segments, prize credit, cost of a spin', response: { 200: wheelResponse, ...refusals } },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const wheel = await getWheel(context, { memberId: session.memberId });
      return {
        success: true,
        message: 'สำเร็จ',
        data: {
          isEnabled: wheel.isEnabled,
          prizes: wheel.prizes.map(toWirePrize),
          prizeWallet: satangToBahtNumber(wheel.prizeCreditSatang),
          spinCost: satangToBahtNumber(wheel.spinCostSatang),
        },
      };
    },
  });

  routes.post('/prize-composite/v1/spins', {
    schema: {
      tags: ['rewards'],
      summary: 'Spin the prize wheel (50 prize credit)',
      headers: idempotencyKeyHeaders,
      body: spinRequest.optional(),
      response: { 200: spinResponse, ...refusals },
    },
    config: { ipRateLimit: RATE_LIMITS.spinPerIp, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.spinPerMember);
      const spin = await spinWheel(context, { memberId: session.memberId, requestKey: request.headers['idempotency-key'] });
      return {
        success: true,
        message: spinMessage(spin),
        data: {
          drawId: spin.drawId,
          prize: toWirePrize(spin.prize),
          segmentIndex: spin.segmentIndex,
          prizeWallet: satangToBahtNumber(spin.prizeCreditSatang),
          spinCost: satangToBahtNumber(SPIN_COST_SATANG),
        },
      };
    },
  });
}

/** Item codes for staff: a single code (maker-checker on its total) and the list. */
function registerItemCodeRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/admin-api/v1/item-codes', {
    schema: { tags: ['admin'], summary: 'Create an item code', body: createItemCodeRequest, response: { 200: itemCodeResponse, ...refusals } },
    handler: async (request) => {
      const staff = requireStaff(context, request);
      const created = await createItemCode(context, {
        ...staff,
        staffId: requireStaffPrincipal(request).staffId,
        actorRole: requireStaffPrincipal(request).role,
        code: request.body.code,
        amountSatang: request.body.amount,
        totalUses: request.body.totalUses,
        expiresAt: new Date(request.body.expiresAt),
        turnoverMultiple: request.body.turnoverMultiple,
      });
      const message = created.approval.status === 'executed' ? 'สร้างโค้ดสำเร็จ' : 'สร้างโค้ดแล้ว ส่งขออนุมัติยอดรวมแล้ว โค้ดจะใช้ได้เมื่อฝ่ายการเงินหรือเจ้าของอนุมัติ';
      return { success: true, message, data: { ...toWireItemCode(created, context.now()), approvalId: created.approval.approvalId } };
    },
  });

  routes.get('/admin-api/v1/item-codes', {
    schema: { tags: ['admin'], summary: 'Item codes, newest first', querystring: itemCodeListQuery, response: { 200: itemCodeListResponse, ...refusals } },
    handler: async (request) => {
      requireStaff(context, request);
      const now = context.now();
      return { success: true, message: 'ok', data: (await listItemCodes(context.db, { limit: request.query.limit })).map((row) => toWireItemCode(row, now)) };
    },
  });
}
