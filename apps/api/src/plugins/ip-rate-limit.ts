import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { RateLimitRule } from '../lib/rate-limiter.ts';
import { clientAddressKey } from '../lib/client-address.ts';
import { authenticateOnArrival, countLeftAddressHit } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-client-address limit of this route, counted before the body is even parsed. */
    ipRateLimit?: RateLimitRule;
    /**
     * The route answers a signed-in member only (the money calls): a request without a valid
     * session is answered 401 before its address is counted (issue 27 §4: a forged bearer got 429
     * first), then the address, then (in the handler) the member's own limit.
     */
    memberOnly?: boolean;
  }
}

/**
 * Applies each route's `config.ipRateLimit` on request arrival, so malformed and valid requests
 * count alike; on `memberOnly` routes after the session is checked (401 before 429), and counted by
 * the handler's requireMemberWithinLimit together with the member's hit (one statement, issue 29 §1;
 * a request refused before its handler is counted when it ends). Limits on other subjects (a phone, a member) live in the use cases.
 */
export function registerIpRateLimits(app: FastifyInstance, context: AppContext): void {
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.ipRateLimit;
    if (!rule) return;
    if (request.routeOptions.config?.memberOnly === true) {
      // Counted by the handler with the member's own hit, one statement (issue 29 §1).
      await authenticateOnArrival(context, request, { rule, subject: clientAddressKey(request.ip) });
      return;
    }
    await context.rateLimiter.hit(rule, clientAddressKey(request.ip));
  });
  // A money call refused before its handler counted the address (a refused body): counted now.
  app.addHook('onResponse', async (request) => {
    if (request.routeOptions.config?.memberOnly === true) await countLeftAddressHit(context, request);
  });
}
