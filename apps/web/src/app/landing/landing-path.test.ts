import { describe, expect, it } from 'vitest';
import { landingShareTokenOf } from './landing-path.ts';

describe('landingShareTokenOf (which addresses the first load shows as the landing page)', () => {
  it('is null on / and the token on /{shareToken}', () => {
    expect(landingShareTokenOf('/')).toBeNull();
    expect(landingShareTokenOf('/Ab_3-x')).toBe('Ab_3-x');
  });

  it('leaves every other address to the member app', () => {
    for (const pathname of ['/login', '/register', '/user', '/user/home', '/user/login', '/abc/', '/a.b', `/${'x'.repeat(33)}`, '/%E0%B8%81']) {
      expect(landingShareTokenOf(pathname), pathname).toBeUndefined();
    }
  });
});
