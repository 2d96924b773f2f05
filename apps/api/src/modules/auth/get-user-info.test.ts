import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshResponse, userInfo } from '@sabai/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember } from '../../test/money-helpers.ts';
import { memberIdOf } from '../../test/partner-helpers.ts';
import { getUserInfo } from './get-user-info.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const refresh = (token: string) => t.call({ method: 'GET', url: '/auth-service/v1/refresh', token });

describe('GameInfo (spec §1, §3: a client reads GameInfo.username right after sign-up)', () => {
  it('names the game username at once after sign-up, with an empty password until the account is opened', async () => {
    const member = await t.signUp();
    const login = await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: member.password } });
    const expected = { username: `sbi${member.affiliateKey.toLowerCase()}`, password: '', Partner: 'Sabai Games' };
    expect(userInfo.parse(login.body.data).GameInfo).toEqual(expected);
    const answer = await refresh(login.body.authToken!);
    expect(refreshResponse.parse(answer.body).data.GameInfo).toEqual(expected);
    // Nothing was opened at the partner by reading it.
    const opened = await t.db.query('SELECT 1 FROM game_accounts WHERE member_id = $1', [await memberIdOf(t, member.phoneNumber)]);
    expect(opened.rowCount).toBe(0);
  });

  it('keeps the same username once the partner account is opened, and then carries its password', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const before = await getUserInfo({ db: t.db, config: { GAME_USERNAME_PREFIX: 'sbi' } }, memberId);
    const { rows } = await t.db.query<{ username: string; password: string }>('SELECT username, password FROM game_accounts WHERE member_id = $1', [memberId]);
    expect(rows[0]).toBeDefined();
    expect(before.GameInfo).toEqual({ username: rows[0]!.username, password: rows[0]!.password, Partner: 'Sabai Games' });
    expect(rows[0]!.password).not.toBe('');
  });

  it('derives the username from the configured prefix', async () => {
    const member = await t.signUp();
    const memberId = await memberIdOf(t, member.phoneNumber);
    const info = await getUserInfo({ db: t.db, config: { GAME_USERNAME_PREFIX: 'abc' } }, memberId);
    expect(info.GameInfo.username).toBe(`abc${member.affiliateKey.toLowerCase()}`);
  });
});
