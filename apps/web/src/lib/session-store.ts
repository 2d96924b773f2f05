import type { UserInfo } from '@sabai/contracts';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { isObject, readJson, readText, removeItem, writeJson, writeText } from './storage.ts';

/**
 * The signed-in member: session token and user info, kept in local storage (spec §3) and in a
 * tiny store React subscribes to (lib/session.ts `useSession`). Only the API client and the auth
 * flows write it. Without React, so the signed-in home's first load (app-main.tsx) reads it without
 * loading React (docs/adr/0050 addendum).
 */
export interface Session {
  token: string | null;
  user: UserInfo | null;
}

/** A stored user of an older shape (e.g. GameInfo null before issue 14) is dropped: refresh brings the new one. */
export const isStoredUser = (value: unknown): value is UserInfo =>
  isObject(value) && typeof value.PhoneNumber === 'string' && isObject(value.internalWallet) && isObject(value.GameInfo);

function readStoredSession(): Session {
  const token = readText(STORAGE_KEYS.token);
  return token ? { token, user: readJson(STORAGE_KEYS.user, isStoredUser) } : { token: null, user: null };
}

let current: Session = readStoredSession();
const listeners = new Set<() => void>();

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): Session => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, user: UserInfo): void {
    writeText(STORAGE_KEYS.token, token);
    writeJson(STORAGE_KEYS.user, user);
    publish({ token, user });
  },
  /**
   * A newer copy of the signed-in member (refresh): stored and published only when it differs, so
   * a refresh that brings the same figures changes nothing: no write, and no re-render of every
   * component that reads the session (useSyncExternalStore renders synchronously, one long task on
   * a phone: docs/adr/0032). Answers are parsed by the same contract schema, so equal users
   * serialize alike (≈ 1 kB of JSON each).
   */
  updateUser(user: UserInfo): void {
    if (!current.token) return; // a late refresh after sign-out must not resurrect the user
    if (JSON.stringify(user) === JSON.stringify(current.user)) return;
    writeJson(STORAGE_KEYS.user, user);
    publish({ ...current, user });
  },
  /** Spec §4 sign-out: clears auth, token and user. */
  clear(): void {
    removeItem(STORAGE_KEYS.token);
    removeItem(STORAGE_KEYS.user);
    if (current.token !== null || current.user !== null) publish({ token: null, user: null });
  },
};
