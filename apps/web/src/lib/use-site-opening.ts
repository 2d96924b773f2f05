import { useSyncExternalStore } from 'react';
import { siteOpening } from './site-opening.ts';

/** The server's "not set up" message for React (re-renders when a call reports it), or null (lib/site-opening.ts). */
export function useSiteNotSetUpMessage(): string | null {
  return useSyncExternalStore(siteOpening.subscribe, siteOpening.notSetUpMessage, siteOpening.notSetUpMessage);
}
