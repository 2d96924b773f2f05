import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../lib/session.ts';

/** After each component test: unmount, sign out, forget storage and the mocked backend. */
afterEach(() => {
  cleanup();
  sessionStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
