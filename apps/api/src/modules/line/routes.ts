import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lineLinkRequest, linePreferencesRequest, memberParams, staffLineViewResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { requireMember } from '../auth/index.ts';
import type { LineClient } from './line-client.ts';
import { readLineLink, readLinePreferences, setLinePreferences, startAccountLink, unlinkLine } from './line-links.ts';
import { handleLineWebhook } from './handle-line-webhook.ts';
import { staffLineView } from './line-views.ts';

const TAGS = ['line'];

/**
 * LINE (issue 12, LINE part): LINE's webhook, the member's LINE card (status, account link,
 * unlink, which messages) and the back office's view of a member's LINE.
 */
export async function registerLineRoutes(app: FastifyInstance, context: AppContext, client: LineClient): Promise<void> {
  // The webhook reads the raw bytes: the signature covers them exactly.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/line/v1/webhook', { schema: { tags: TAGS, summary: "LINE's webhook (signed with the channel secret)" } }, async (request, reply) => {
      const signature = request.headers['x-line-signature'];
      const result = await handleLineWebhook(context, client, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : undefined,
        linkPageUrl: context.config.LINE_LINK_PAGE_URL ?? `${request.protocol}://${request.host}/user/profile`,
      });
      if (result.status === 'refused') return sendError(reply, 'LINE_SIGNATURE_INVALID');
      return { success: true, message: 'ok', data: { processed: result.processed, duplicates: result.duplicates } };
    });
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = '/user-profile-composite/v1/line';
  const status = async (memberId: string) => {
    const link = await readLineLink(context.db, memberId);
    return { linked: link !== null, linkedAt: link?.linkedAt.toISOString() ?? null, preferences: await readLinePreferences(context.db, memberId) };
  };
  routes.get(base, { schema: { tags: TAGS } }, async (request) => {
    const session = await requireMember(context, request);
    return { success: true, message: 'สำเร็จ', data: await status(session.memberId) };
  });
  routes.post(`${base}/link`, { schema: { tags: TAGS, body: lineLinkRequest } }, async (request) => {
    const session = await requireMember(context, request);
    const redirectUrl = await startAccountLink(context, session.memberId, request.body.linkToken);
    return { success: true, message: 'กำลังไปที่ LINE เพื่อยืนยันการเชื่อมต่อ', data: { redirectUrl } };
  });
  routes.post(`${base}/unlink`, { schema: { tags: TAGS } }, async (request) => {
    const session = await requireMember(context, request);
    const had = await unlinkLine(context.db, session.memberId);
    return { success: true, message: had ? 'ยกเลิกการเชื่อมต่อ LINE แล้ว' : 'ยังไม่ได้เชื่อมต่อ LINE', data: await status(session.memberId) };
  });
  routes.put(`${base}/preferences`, { schema: { tags: TAGS, body: linePreferencesRequest } }, async (request) => {
    const session = await requireMember(context, request);
    await setLinePreferences(context, session.memberId, request.body);
    return { success: true, message: 'บันทึกการแจ้งเตือนแล้ว', data: await status(session.memberId) };
  });

  routes.get('/admin-api/v1/members/:memberId/line', { schema: { tags: ['back office: members'], params: memberParams, response: { 200: staffLineViewResponse } } }, async (request) => ({
    success: true,
    message: 'ok',
    data: await staffLineView(context.db, request.params.memberId),
  }));
}
