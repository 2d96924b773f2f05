import { describe, expect, it } from 'vitest';
import { decideAfterRefresh, decideOnUnauthorized, decideWithoutRefresh } from './session-rules.ts';

describe('session refresh after a route change (spec §4)', () => {
  it('sends a visitor without a token away from the member home page to /', () => {
    expect(decideWithoutRefresh('Home', false)).toEqual({ kind: 'redirect', to: '/', clearSession: false });
  });

  it('sends a visitor without a token away from any other member page to /', () => {
    expect(decideWithoutRefresh('Profile', false)).toEqual({ kind: 'redirect', to: '/', clearSession: false });
    expect(decideWithoutRefresh('Feature', false)).toEqual({ kind: 'redirect', to: '/', clearSession: false });
  });

  it('lets a visitor without a token stay on the public pages', () => {
    for (const route of ['Index', 'Login', 'Signup', 'Join', 'NotFound'] as const) {
      expect(decideWithoutRefresh(route, false)).toEqual({ kind: 'stay', clearSession: false });
    }
  });

  it('asks the server whenever there is a token', () => {
    expect(decideWithoutRefresh('Index', true)).toBe('refresh');
    expect(decideWithoutRefresh('Home', true)).toBe('refresh');
  });

  it('moves a member with a valid token from the index page to /user/home', () => {
    expect(decideAfterRefresh('Index', 'valid')).toEqual({ kind: 'redirect', to: '/user/home', clearSession: false });
  });

  it('keeps a member with a valid token on the page they opened', () => {
    expect(decideAfterRefresh('Home', 'valid')).toEqual({ kind: 'stay', clearSession: false });
    expect(decideAfterRefresh('Profile', 'valid')).toEqual({ kind: 'stay', clearSession: false });
    expect(decideAfterRefresh('Login', 'valid')).toEqual({ kind: 'stay', clearSession: false });
  });

  it('clears the token and goes to / when the refresh is refused on a member page', () => {
    expect(decideAfterRefresh('Home', 'refused')).toEqual({ kind: 'redirect', to: '/', clearSession: true });
    expect(decideAfterRefresh('Profile', 'refused')).toEqual({ kind: 'redirect', to: '/', clearSession: true });
  });

  it('clears a refused token quietly on a public page', () => {
    expect(decideAfterRefresh('Login', 'refused')).toEqual({ kind: 'stay', clearSession: true });
    expect(decideAfterRefresh('Index', 'refused')).toEqual({ kind: 'stay', clearSession: true });
  });

  it('keeps the token and the page when the server cannot be reached', () => {
    expect(decideAfterRefresh('Home', 'unreachable')).toEqual({ kind: 'stay', clearSession: false });
  });
});

describe('a 401 on a signed-in call (spec §6)', () => {
  it('sends the member to / from a member page', () => {
    expect(decideOnUnauthorized('Profile')).toEqual({ kind: 'redirect', to: '/', clearSession: true });
    expect(decideOnUnauthorized('Feature')).toEqual({ kind: 'redirect', to: '/', clearSession: true });
  });

  it('does not move the member on login, signup, home, join or not-found pages', () => {
    for (const route of ['Login', 'Signup', 'Home', 'Join', 'NotFound', 'Index'] as const) {
      expect(decideOnUnauthorized(route)).toEqual({ kind: 'stay', clearSession: true });
    }
  });
});
