import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { RateLimitRule } from '../lib/rate-limiter.ts';
import { clientAddressKey } from '../lib/client-address.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-client-address limit of this route, counted before the body is even parsed. */
    ipRateLimit?: RateLimitRule;
  }
}

/**
 * Applies each route's `config.ipRateLimit` on request arrival, so malformed and valid requests
 * count alike. Limits on other subjects (a phone, a member) live in the use cases.
 */
export function registerIpRateLimits(app: FastifyInstance, context: AppContext): void {
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.ipRateLimit;
    if (rule) await context.rateLimiter.hit(rule, clientAddressKey(request.ip));
  });
}
