import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../lib/session.ts';
import { siteOpening } from '../lib/site-opening.ts';

/** After each component test: unmount, sign out, forget storage, the site's opening state and the mocked backend. */
afterEach(() => {
  cleanup();
  sessionStore.clear();
  siteOpening.forget();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
