// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../test/fixtures.ts';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { sessionStore } from './session.ts';

afterEach(() => sessionStore.clear());

describe('the session store', () => {
  it('a refresh that brings the same member changes nothing: no write, no re-render', () => {
    const user = userFixture();
    sessionStore.signIn('token-1', user);
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    sessionStore.updateUser(structuredClone(user));
    expect(listener).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
    expect(sessionStore.get().user).toBe(user);
    setItem.mockRestore();
    unsubscribe();
  });

  it('a refresh with new figures is stored and published', () => {
    const user = userFixture();
    sessionStore.signIn('token-1', user);
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const richer = { ...user, internalWallet: { ...user.internalWallet, mainWallet: user.internalWallet.mainWallet + 100 } };
    sessionStore.updateUser(richer);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().user).toEqual(richer);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(richer);
    sessionStore.updateUser(structuredClone(richer));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('a late refresh after sign-out does not bring the member back', () => {
    const user = userFixture();
    sessionStore.signIn('token-1', user);
    sessionStore.clear();
    sessionStore.updateUser(user);
    expect(sessionStore.get()).toEqual({ token: null, user: null });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
