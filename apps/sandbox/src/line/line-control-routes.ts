import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxLine } from './sandbox-line.ts';

const faultBody = z.object({ status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(400), z.literal(403)]), count: z.number().int().min(0).max(100) });

/**
 * The sandbox LINE's switches and simulator for tests and the e2e journey (need `x-sandbox-key`):
 * - `POST /sandbox/v1/line/faults` `{ status: 429|500|…, count }`: the next `count` pushes answer `status`;
 * - `POST /sandbox/v1/line/answer-delay` `{ delayMs }`: pushes are accepted, then answered `delayMs` late;
 * - `POST /sandbox/v1/line/users` `{ displayName }` → a new simulated LINE user; `POST /sandbox/v1/line/groups` `{ name }` → a group chat (`C…`) the bot is in;
 * - `POST /sandbox/v1/line/users/:userId/follow|unfollow`, `…/messages` `{ text }`;
 * - `POST /sandbox/v1/line/account-link` `{ linkToken, nonce }`: the user confirms LINE's dialog;
 * - `GET /sandbox/v1/line/users/:userId`: the user's chat, webhook attempts; `GET /sandbox/v1/line/pushes`.
 */
export function registerLineControlRoutes(app: FastifyInstance, line: SandboxLine): void {
  app.post('/sandbox/v1/line/faults', async (request, reply) => {
    const parsed = faultBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'status must be 429, 500, 502, 503, 400 or 403; count 0–100' });
    line.pushFault = { status: parsed.data.status, remaining: parsed.data.count };
    return { ...line.pushFault };
  });
  app.post('/sandbox/v1/line/answer-delay', async (request, reply) => {
    const parsed = z.object({ delayMs: z.number().int().min(0).max(120_000) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'delayMs must be an integer 0–120000' });
    line.pushAnswerDelayMs = parsed.data.delayMs;
    return { delayMs: line.pushAnswerDelayMs };
  });
  app.post('/sandbox/v1/line/users', async (request) => {
    const displayName = z.object({ displayName: z.string().max(40) }).safeParse(request.body);
    const user = line.createUser(displayName.success ? displayName.data.displayName : 'ผู้ใช้ LINE');
    return { userId: user.userId, displayName: user.displayName };
  });
  // A group chat the bot is in (issue 25 §4: the staff group); read it like a user: GET /sandbox/v1/line/users/:groupId.
  app.post('/sandbox/v1/line/groups', async (request) => {
    const name = z.object({ name: z.string().max(40) }).safeParse(request.body);
    const group = line.createUser(name.success ? name.data.name : 'กลุ่มเจ้าหน้าที่', 'group');
    return { groupId: group.userId, name: group.displayName };
  });
  app.get<{ Params: { userId: string } }>('/sandbox/v1/line/users/:userId', async (request, reply) => {
    const user = line.users.get(request.params.userId);
    return user ?? reply.code(404).send({ error: 'no such LINE user' });
  });
  for (const action of ['follow', 'unfollow'] as const) {
    app.post<{ Params: { userId: string } }>(`/sandbox/v1/line/users/:userId/${action}`, async (request, reply) => {
      const user = line.users.get(request.params.userId);
      if (!user) return reply.code(404).send({ error: 'no such LINE user' });
      return { webhook: await line[action](user) };
    });
  }
  app.post<{ Params: { userId: string } }>('/sandbox/v1/line/users/:userId/messages', async (request, reply) => {
    const user = line.users.get(request.params.userId);
    const body = z.object({ text: z.string().min(1).max(500) }).safeParse(request.body);
    if (!user || !body.success) return reply.code(400).send({ error: 'known user and text required' });
    return { webhook: await line.sendText(user, body.data.text) };
  });
  app.post('/sandbox/v1/line/account-link', async (request, reply) => {
    const body = z.object({ linkToken: z.string().min(1).max(200), nonce: z.string().min(1).max(200) }).safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'linkToken and nonce required' });
    const done = await line.completeAccountLink(body.data.linkToken, body.data.nonce);
    if (!done) return reply.code(410).send({ error: 'link token unknown, used or expired' });
    return { userId: done.user.userId, webhook: done.attempt };
  });
  app.get('/sandbox/v1/line/pushes', async () => ({ pushes: line.pushLog }));
}
