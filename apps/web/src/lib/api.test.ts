import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../test/fixtures.ts';
import { NO_CONNECTION_MESSAGE, SERVER_UNREACHABLE_MESSAGE } from '@sabai/contracts';
import { ApiError, apiRequest, envelopeOnly, loadSiteSettings } from './api.ts';
import { sessionStore } from './session.ts';

/** The member API client's success check (docs/adr/0004): true, or the number spec §7 gives the call. */
async function call(body: unknown, successValue?: true | 0 | 1, status = 200) {
  vi.stubGlobal('fetch', async (input: string) =>
    new Response(JSON.stringify(String(input).endsWith('/v2/prefix') ? { success: true, message: 'ok', data: settingsFixture } : body), { status }),
  );
  const { apiRequest } = await import('./api.ts');
  return apiRequest('/auth-service/v1/refresh', { schema: envelopeOnly, ...(successValue === undefined ? {} : { successValue }) });
}

describe('apiRequest success values (spec §7, docs/adr/0004)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('accepts success 0 where the call says 0 is its success value', async () => {
    await expect(call({ success: 0, message: 'สำเร็จ', data: null }, 0)).resolves.toMatchObject({ message: 'สำเร็จ' });
  });

  it('never takes a refusal’s false for a success value of 0 (false == 0 in JavaScript)', async () => {
    await expect(call({ success: false, code: 'WRONG_OLD_PASSWORD', message: 'รหัสผ่านเดิมไม่ถูกต้อง', data: null }, 0, 422)).rejects.toMatchObject({ message: 'รหัสผ่านเดิมไม่ถูกต้อง', code: 'WRONG_OLD_PASSWORD' });
  });

  it('a call whose success value is true refuses 0, and one whose value is 1 refuses true', async () => {
    await expect(call({ success: 0, message: 'x', data: null })).rejects.toBeTruthy();
    await expect(call({ success: true, message: 'x', data: null }, 1)).rejects.toBeTruthy();
    await expect(call({ success: 1, message: 'ถอนรายได้สำเร็จ', data: null }, 1)).resolves.toMatchObject({ message: 'ถอนรายได้สำเร็จ' });
  });
});

describe('apiRequest without a connection (issue 26 §2: money actions are not queued for later)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Site settings loaded (the appId), then every other call fails at the network, counted. */
  async function networkDown(): Promise<{ calls: () => number }> {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, message: 'ok', data: settingsFixture })));
    await loadSiteSettings({ reload: true });
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    });
    return { calls: () => calls };
  }

  it('does not send a call that changes something while offline: the Thai "no connection" refusal, status 0 (the page keeps its key)', async () => {
    const network = await networkDown();
    vi.stubGlobal('navigator', { onLine: false });
    const refused = await apiRequest('/fund-composite/v1/withdrawal', { method: 'POST', body: { Amount: 300 }, schema: envelopeOnly }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: NO_CONNECTION_MESSAGE, status: 0, code: 'OFFLINE', isUnreachable: true });
    expect(network.calls()).toBe(0);
  });

  it('says "no connection" for a read that failed offline, "server unreachable" for one that failed online', async () => {
    const network = await networkDown();
    vi.stubGlobal('navigator', { onLine: false });
    await expect(apiRequest('/user-profile-composite/v1/users/cashback/vertify', { schema: envelopeOnly })).rejects.toMatchObject({ message: NO_CONNECTION_MESSAGE, code: 'OFFLINE' });
    vi.stubGlobal('navigator', { onLine: true });
    await expect(apiRequest('/user-profile-composite/v1/users/cashback/vertify', { schema: envelopeOnly })).rejects.toMatchObject({ message: SERVER_UNREACHABLE_MESSAGE, code: 'SERVER_UNREACHABLE' });
    expect(network.calls()).toBe(2);
  });
});
