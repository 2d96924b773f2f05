import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../test/fixtures.ts';
import { envelopeOnly } from './api.ts';
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
