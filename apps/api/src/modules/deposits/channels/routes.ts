import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDepositChannelRequest,
  createdFeedSourceResponse,
  createFeedSourceRequest,
  depositChannelCheckedByStaffRequest,
  depositChannelParams,
  depositChannelStateRequest,
  disabledFeedSourceResponse,
  disableFeedSourceRequest,
  feedSourceDisableParams,
  staffDepositChannelResponse,
  staffDepositChannelsResponse,
} from '@sabai/contracts';
import type { AppContext } from '../../../context.ts';
import { requireStaffPrincipal } from '../../../plugins/staff-auth.ts';
import { createDepositChannel, createFeedSource, disableFeedSource, listStaffDepositChannels, setDepositChannelCheckedByStaff, setDepositChannelState } from './manage-deposit-channels.ts';

const TAGS = ['back office: deposit channels'];
const who = (request: FastifyRequest) => {
  const staff = requireStaffPrincipal(request);
  return { actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip };
};

/**
 * Deposit channels and feed sources for staff (issue 11 "Settings"): list channels (owner,
 * finance), add one and change its state (owner); add a feed source (secret shown once) and
 * disable one (owner). Rotation and health stay in deposits/feed-sources. Audited.
 */
export function registerDepositChannelRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/deposit-channels', { schema: { tags: TAGS, response: { 200: staffDepositChannelsResponse } } }, async () => ({ success: true, message: 'ok', data: await listStaffDepositChannels(context.db) }));
  routes.post('/admin-api/v1/deposit-channels', { schema: { tags: TAGS, body: createDepositChannelRequest, response: { 200: staffDepositChannelResponse } } }, async (request) => {
    const data = await createDepositChannel(context, { ...who(request), ...request.body });
    return { success: true, message: 'เพิ่มช่องทางฝากแล้ว', data };
  });
  routes.post('/admin-api/v1/deposit-channels/:channelId/checked-by-staff', { schema: { tags: TAGS, params: depositChannelParams, body: depositChannelCheckedByStaffRequest, response: { 200: staffDepositChannelResponse } } }, async (request) => {
    const data = await setDepositChannelCheckedByStaff(context, { ...who(request), id: request.params.channelId, ...request.body });
    return { success: true, message: 'บันทึกแล้ว', data };
  });
  routes.post('/admin-api/v1/deposit-channels/:channelId/state', { schema: { tags: TAGS, params: depositChannelParams, body: depositChannelStateRequest, response: { 200: staffDepositChannelResponse } } }, async (request) => {
    const data = await setDepositChannelState(context, { ...who(request), id: request.params.channelId, ...request.body });
    return { success: true, message: 'บันทึกแล้ว', data };
  });
  routes.post('/admin-api/v1/feed-sources', { schema: { tags: TAGS, body: createFeedSourceRequest, response: { 200: createdFeedSourceResponse } } }, async (request, reply) => {
    const created = await createFeedSource(context, { ...who(request), ...request.body });
    reply.header('cache-control', 'no-store'); // the secret is in this answer only
    // The URL to enter in the phone's app (SMS Gateway for Android) or the connector, on the host staff reached.
    const path = request.body.protocol === 'sms_gateway' ? `/bank-feed/v1/sms-gateway/${created.sourceId}` : `/bank-feed/v1/${request.body.kind}`;
    const data = { ...created, webhookUrl: `${request.protocol}://${request.host}${path}` };
    return { success: true, message: 'เพิ่มแหล่งข้อมูลแล้ว คัดลอกรหัสลับเก็บไว้ จะแสดงครั้งเดียว', data };
  });
  routes.post('/admin-api/v1/feed-sources/:sourceId/disable', { schema: { tags: TAGS, params: feedSourceDisableParams, body: disableFeedSourceRequest, response: { 200: disabledFeedSourceResponse } } }, async (request) => {
    const data = await disableFeedSource(context, { ...who(request), id: request.params.sourceId, reason: request.body.reason });
    return { success: true, message: 'ปิดแหล่งข้อมูลแล้ว', data };
  });
}
