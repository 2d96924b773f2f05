import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session-store.ts';

/** The store itself is React-free (lib/session-store.ts); this module adds React's hook. */
export { isStoredUser, sessionStore, type Session } from './session-store.ts';

/** The signed-in member for React: re-renders when the session changes. */
export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
