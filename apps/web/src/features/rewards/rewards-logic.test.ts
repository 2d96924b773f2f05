import { ERRORS } from '@sabai/contracts';
import { describe, expect, it } from 'vitest';
import { registerReferralLink } from '../../config/paths.ts';
import { checkCashbackClaim } from './cashback-rule.ts';
import { segmentAtPointer, segmentCenterAngle, targetRotation } from './wheel-geometry.ts';

describe('checkCashbackClaim (spec §4/§5)', () => {
  it('allows a claim only when the balance is above zero', () => {
    expect(checkCashbackClaim(0.01)).toEqual({ ok: true });
    expect(checkCashbackClaim(120.5)).toEqual({ ok: true });
  });

  it('refuses zero, negative and unknown balances with the spec message', () => {
    for (const balance of [0, -5, Number.NaN, null, undefined]) {
      expect(checkCashbackClaim(balance)).toEqual({ ok: false, message: 'คุณไม่มียอดเสีย ไม่สามารถกดรับได้' });
    }
    expect(ERRORS.NO_CASHBACK.message).toBe('คุณไม่มียอดเสีย ไม่สามารถกดรับได้');
  });
});

describe('wheel geometry', () => {
  it('puts the middle of each segment clockwise from the top', () => {
    expect(segmentCenterAngle(0, 8)).toBe(22.5);
    expect(segmentCenterAngle(3, 8)).toBe(157.5);
    expect(segmentCenterAngle(0, 1)).toBe(180);
  });

  it('stops the chosen segment under the top pointer after at least the asked turns', () => {
    for (const count of [1, 2, 5, 6, 8, 12]) {
      for (let index = 0; index < count; index += 1) {
        for (const current of [0, 137, 1800, 2000.5]) {
          const target = targetRotation(current, index, count, 5);
          expect(target - current).toBeGreaterThanOrEqual(5 * 360);
          expect(target - current).toBeLessThan(6 * 360);
          expect(segmentAtPointer(target, count)).toBe(index);
          // The segment's middle, not its edge, is under the pointer.
          expect(((target + segmentCenterAngle(index, count)) % 360 + 360) % 360).toBeCloseTo(0, 6);
        }
      }
    }
  });

  it('gives the exact angle for a known case', () => {
    // 8 segments of 45°: segment 2's middle is at 112.5°, so the wheel turns 360 - 112.5 = 247.5° (+ 5 turns).
    expect(targetRotation(0, 2, 8, 5)).toBe(247.5 + 1800);
  });
});

describe('registerReferralLink (spec dialog 4, §4)', () => {
  it('builds the link on the registration route with the affiliateKey', () => {
    expect(registerReferralLink('https://sabai.example', 'AB12cd')).toBe('https://sabai.example/user/register/AB12cd');
  });

  it('encodes a key that is not URL-safe', () => {
    expect(registerReferralLink('http://127.0.0.1:3900', 'a b/c')).toBe('http://127.0.0.1:3900/user/register/a%20b%2Fc');
  });
});
