import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET } from './demo-credentials.ts';
import { findStops } from './games/scripted-stops.ts';
import { outcomeOfStops } from './games/slot-machine.ts';
import { signPartnerRequest } from './sign-partner-request.ts';
import { clearSlotOutcomes, PartnerSandboxCallError, readSlotOutcomes, scriptSlotOutcomes } from './slot-outcome-client.ts';

describe('the scripted slot outcome client, against a listening sandbox with the demo credentials', () => {
  let sandbox: SandboxApp;
  let baseUrl: string;
  const target = () => ({ baseUrl, agentId: DEMO_PARTNER_AGENT_ID, agentSecret: DEMO_PARTNER_AGENT_SECRET });

  /** A signed agent-API call the way Sabai's adapter makes it (to set up the member). */
  async function agentCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const rawBody = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    const signature = signPartnerRequest({ agentSecret: DEMO_PARTNER_AGENT_SECRET, timestamp, method, pathWithQuery: path, rawBody });
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { 'x-agent-id': DEMO_PARTNER_AGENT_ID, 'x-timestamp': timestamp, 'x-signature': signature, ...(rawBody ? { 'content-type': 'application/json' } : {}) },
      ...(rawBody ? { body: rawBody } : {}),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    sandbox = await buildSandboxApp({ apiKey: 'test-sandbox-key', feedSecret: 'test-feed-secret' });
    await sandbox.listen({ host: '127.0.0.1', port: 0 });
    const address = sandbox.server.address();
    if (!address || typeof address !== 'object') throw new Error('sandbox did not listen');
    baseUrl = `http://127.0.0.1:${address.port}`;
    await agentCall('POST', '/partner/v1/members', { username: 'client01' });
    await agentCall('POST', '/partner/v1/transfers', { reference: 'client-fund-1', username: 'client01', direction: 'in', amount: '100.00' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('queues, reads and clears a member\u2019s outcomes, and the next spin plays the scripted loss', async () => {
    expect(await scriptSlotOutcomes({ ...target(), username: 'client01', outcomes: ['loss', { stops: [1, 1, 1] }] })).toEqual({ username: 'client01', outcomes: ['loss', { stops: [1, 1, 1] }] });
    expect(await readSlotOutcomes({ ...target(), username: 'client01' })).toEqual({ username: 'client01', outcomes: ['loss', { stops: [1, 1, 1] }] });

    const launch = await agentCall('POST', '/partner/v1/launch', { username: 'client01', gameCode: 'sabai-slot-golden-elephant', returnUrl: 'https://sabai.test/' });
    const opened = await fetch(new URL(new URL(String(launch.url)).pathname, baseUrl), { redirect: 'manual' });
    const sessionToken = String(opened.headers.get('location')).split('/').at(-1);
    const spin = await fetch(new URL('/games/api/slot/spin', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: sessionToken, stake: '10' }) });
    expect(await spin.json()).toMatchObject({ reels: outcomeOfStops(findStops('loss')).reels, payout: '0.00', result: 'loss', balance: '90.00' });

    expect(await readSlotOutcomes({ ...target(), username: 'client01' })).toEqual({ username: 'client01', outcomes: [{ stops: [1, 1, 1] }] });
    expect(await clearSlotOutcomes({ ...target(), username: 'client01' })).toEqual({ username: 'client01', outcomes: [] });
  });

  it('throws PartnerSandboxCallError with the partner\u2019s status and code on a refusal', async () => {
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
    const unknown = await refusal(scriptSlotOutcomes({ ...target(), username: 'ghost01', outcomes: ['loss'] }));
    expect(unknown).toBeInstanceOf(PartnerSandboxCallError);
    expect(unknown).toMatchObject({ status: 404, code: 'MEMBER_NOT_FOUND' });
    expect(await refusal(scriptSlotOutcomes({ ...target(), agentSecret: 'not-the-secret', username: 'client01', outcomes: ['loss'] }))).toMatchObject({ status: 401, code: 'AUTH_FAILED' });
    expect(await refusal(scriptSlotOutcomes({ ...target(), username: 'client01', outcomes: [] }))).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
  });
});
