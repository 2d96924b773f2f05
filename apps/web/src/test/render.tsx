import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { FooterDialogsProvider } from '../app/footer-dialogs/footer-dialogs.tsx';
import { RouterLinks } from '../app/router-links.tsx';
import { DialogProvider } from '../components/ui/dialogs.tsx';
import { MUTATION_DEFAULTS } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session.ts';
import type { UserInfo } from '@sabai/contracts';
import { settingsFixture, userFixture } from './fixtures.ts';

/**
 * Component tests against a mocked member API (bulletproof-react's "integration tests per route
 * with a mocked backend"): `fetch` answers from a table of `METHOD /path` → body, everything else
 * is a 404 the test would see. `/v2/prefix` answers the settings fixture unless given.
 */
export type Backend = Record<string, unknown | ((request: { body: unknown; url: URL }) => { status?: number; body: unknown })>;

export interface BackendCall {
  method: string;
  path: string;
  body: unknown;
}

export function mockBackend(backend: Backend): BackendCall[] {
  const calls: BackendCall[] = [];
  const table: Backend = { 'GET /v2/prefix': { success: true, message: 'สำเร็จ', data: settingsFixture }, ...backend };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://sabai.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const answer = table[`${method} ${url.pathname}`];
      const reply = typeof answer === 'function' ? (answer as (request: { body: unknown; url: URL }) => { status?: number; body: unknown })({ body, url }) : answer === undefined ? { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'ไม่พบ', data: null } } : { body: answer };
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** `{ success: true, message, data }`, the envelope of every call but the three of docs/adr/0004. */
export const ok = (data: unknown, success: true | 0 | 1 = true) => ({ success, message: 'สำเร็จ', data });

export function signIn(user: UserInfo = userFixture()): void {
  sessionStore.signIn('test-token', user);
}

/** Renders `ui` at `path` (matched by `pattern`) inside the app's providers. */
export function renderAt(ui: ReactNode, options: { path: string; pattern?: string }): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: MUTATION_DEFAULTS } });
  return render(
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <MemoryRouter initialEntries={[options.path]}>
          <RouterLinks>
            <FooterDialogsProvider isSignedIn={sessionStore.get().token !== null}>
              <Routes>
                <Route path={options.pattern ?? options.path} element={ui} />
                <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
              </Routes>
            </FooterDialogsProvider>
          </RouterLinks>
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
}
