import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bonusSettingRequest, bonusSettingResponse, errorEnvelope, promotionsResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../auth/index.ts';
import { activeExclusion } from '../responsible-gaming/index.ts';
import { eligibilityRulesOf, listActivePromotions, readEligibilityFacts, toWirePromotion } from './list-promotions.ts';
import { promotionRefusal, REFUSAL_MESSAGES } from './promotion-eligibility.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

/**
 * `GET /user-profile-composite/v1/info/promotion` (the promotions open now; public) and
 * `POST /user-profile-composite/v1/users/setting` {isBonus} (the member's bonus preference; spec §4).
 */
export function registerPromotionRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/user-profile-composite/v1/info/promotion', {
    schema: { tags: ['rewards'], summary: 'Promotions open now (spec §3 Promotion)', response: { 200: promotionsResponse } },
    // Public, like /v2/prefix's Promotion list: the visitor menu has a promotion entry (spec §2).
    // A signed-in member sees every open promotion too, each saying whether they can still get it
    // and why not (issue 11 rules: first deposit only, once, once a day, a total; issue 26 §3: a
    // list filtered to what they could get read "no promotions" while the landing advertised
    // two); the grant applies the same rules. A member in a time-out or
    // self-exclusion is offered none (issue 12, ADR 0019: no incentive to an excluded player): the
    // same 200 with an empty list, the spec's shape.
    handler: async (request) => {
      const now = context.now();
      const promotions = await listActivePromotions(context.db, now);
      const member = request.headers.authorization ? await requireMember(context, request).catch(() => null) : null;
      if (!member) return { success: true, message: 'สำเร็จ', data: promotions.map(toWirePromotion) };
      if (await activeExclusion(context.db, member.memberId, now)) return { success: true, message: 'สำเร็จ', data: [] };
      const shown = [];
      for (const promotion of promotions) {
        const facts = await readEligibilityFacts(context.db, { promotionId: promotion.id, memberId: member.memberId, depositId: null, now });
        const refusal = promotionRefusal(eligibilityRulesOf(promotion), facts);
        shown.push({ ...toWirePromotion(promotion), isAvailable: refusal === null, unavailableReason: refusal === null ? null : REFUSAL_MESSAGES[refusal] });
      }
      return { success: true, message: 'สำเร็จ', data: shown };
    },
  });
  routes.post('/user-profile-composite/v1/users/setting', {
    schema: { tags: ['rewards'], summary: 'Accept or decline promotion bonuses', body: bonusSettingRequest, response: { 200: bonusSettingResponse, ...refusals } },
    handler: async (request) => {
      const session = await requireMember(context, request);
      await context.db.query('UPDATE members SET bonus_preference = $2 WHERE id = $1', [session.memberId, request.body.isBonus]);
      return { success: true, message: 'อัพเดทสภานะโปรโมชั่นเรียบร้อยแล้ว', data: { isBonus: request.body.isBonus } };
    },
  });
}
