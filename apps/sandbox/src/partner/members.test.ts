import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPartnerApp, type PartnerTestApp } from './test/partner-test-app.ts';

describe('partner members', () => {
  let partner: PartnerTestApp;
  beforeEach(async () => {
    partner = await startPartnerApp();
  });
  afterEach(async () => {
    await partner.app.close();
  });

  it('creates a member once: the second call returns the same password with created false', async () => {
    const first = await partner.call('POST', '/partner/v1/members', { username: 'sbmember01' });
    expect(first.statusCode).toBe(200);
    const { password } = first.json();
    expect(first.json()).toEqual({ username: 'sbmember01', password: expect.stringMatching(/^[a-z0-9]{8}$/), created: true });
    const again = await partner.call('POST', '/partner/v1/members', { username: 'sbmember01' });
    expect(again.json()).toEqual({ username: 'sbmember01', password, created: false });
  });

  it('gives different members different passwords', async () => {
    const passwords = new Set<string>();
    for (const username of ['aaa', 'bbb', 'ccc', 'ddd', 'eee']) passwords.add((await partner.call('POST', '/partner/v1/members', { username })).json().password);
    expect(passwords.size).toBe(5);
  });

  it('refuses usernames outside 3–20 lowercase letters and digits', async () => {
    for (const username of ['ab', 'a'.repeat(21), 'Upper1', 'with-dash', 'ไทย123', '', 42]) {
      const reply = await partner.call('POST', '/partner/v1/members', { username });
      expect(reply.statusCode, String(username)).toBe(400);
      expect(reply.json()).toEqual({ code: 'INVALID_REQUEST' });
    }
    expect((await partner.call('POST', '/partner/v1/members', { username: 'a'.repeat(20) })).statusCode).toBe(200);
  });

  it('reports a new member balance of 0.00 and 404 MEMBER_NOT_FOUND for an unknown one', async () => {
    await partner.call('POST', '/partner/v1/members', { username: 'zero01' });
    expect((await partner.call('GET', '/partner/v1/members/zero01/balance')).json()).toEqual({ username: 'zero01', balance: '0.00' });
    const unknown = await partner.call('GET', '/partner/v1/members/nobody/balance');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'MEMBER_NOT_FOUND' });
  });
});
