import type { FastifyInstance } from 'fastify';
import { renderAccountLinkDialog, renderChatPage } from './line-page.ts';
import type { SandboxLine } from './sandbox-line.ts';

const html = 'text/html; charset=utf-8';
const field = (body: unknown, name: string): string => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};

/**
 * The sandbox LINE for people (no sandbox key, like the bank's pages): the chat page, a new
 * simulated user, follow / unfollow, typing a message, and LINE's account-link dialog. Each post
 * answers 303 back to the chat (a reload sends nothing twice).
 */
export function registerLinePageRoutes(app: FastifyInstance, line: SandboxLine): void {
  app.get<{ Querystring: { user?: string } }>('/line', async (request, reply) => {
    const users = [...line.users.values()];
    const current = request.query.user ? line.users.get(request.query.user) : users[users.length - 1];
    return reply.type(html).send(renderChatPage(users, current));
  });
  app.post('/line/ui/users', async (request, reply) => {
    const user = line.createUser(field(request.body, 'displayName').trim());
    return reply.redirect(`/line?user=${user.userId}`, 303);
  });
  for (const action of ['follow', 'unfollow'] as const) {
    app.post<{ Params: { userId: string } }>(`/line/ui/users/:userId/${action}`, async (request, reply) => {
      const user = line.users.get(request.params.userId);
      if (user) await line[action](user);
      return reply.redirect(`/line?user=${request.params.userId}`, 303);
    });
  }
  app.post<{ Params: { userId: string } }>('/line/ui/users/:userId/messages', async (request, reply) => {
    const user = line.users.get(request.params.userId);
    const text = field(request.body, 'text').trim().slice(0, 500);
    if (user && text) await line.sendText(user, text);
    return reply.redirect(`/line?user=${request.params.userId}`, 303);
  });
  app.get<{ Querystring: { linkToken?: string; nonce?: string } }>('/line/dialog/bot/accountLink', async (request, reply) => {
    const linkToken = request.query.linkToken ?? '';
    const entry = line.linkTokens.get(linkToken);
    const user = entry && !entry.used && entry.expiresAt > Date.now() ? line.users.get(entry.userId) : undefined;
    return reply.code(user ? 200 : 410).type(html).send(renderAccountLinkDialog({ user, linkToken, nonce: request.query.nonce ?? '' }));
  });
  app.post('/line/ui/account-link', async (request, reply) => {
    const done = await line.completeAccountLink(field(request.body, 'linkToken'), field(request.body, 'nonce'));
    if (!done) return reply.code(410).type(html).send(renderAccountLinkDialog({ user: undefined, linkToken: '', nonce: '' }));
    return reply.redirect(`/line?user=${done.user.userId}`, 303);
  });
}
