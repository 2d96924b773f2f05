import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.ts';

const secret = 'a-test-secret-of-at-least-32-characters!';

describe('signed tokens', () => {
  it('round-trips a payload before expiry', () => {
    const token = signToken({ exp: 2_000, name: 'สมชาย' }, secret);
    expect(verifyToken(token, secret, 1_000)).toEqual({ exp: 2_000, name: 'สมชาย' });
  });

  it('refuses an expired token, another secret, a changed payload and junk', () => {
    const token = signToken({ exp: 2_000, name: 'a' }, secret);
    expect(verifyToken(token, secret, 2_000)).toBeUndefined();
    expect(verifyToken(token, `${secret}x`, 1_000)).toBeUndefined();
    const [, signature] = token.split('.');
    const changed = `${Buffer.from(JSON.stringify({ exp: 2_000, name: 'b' })).toString('base64url')}.${signature}`;
    expect(verifyToken(changed, secret, 1_000)).toBeUndefined();
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(3_000), `${Buffer.from('[]').toString('base64url')}.x`]) {
      expect(verifyToken(junk, secret, 1_000)).toBeUndefined();
    }
  });
});
