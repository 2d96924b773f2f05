import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { session } from '../lib/api';
import { LANGUAGE_KEY } from '../lib/language';

/**
 * Component tests of back-office screens (issue 25 evidence): the screen runs with the real API
 * client (lib/api.ts: bearer header, envelope, contract check) and msw answers at the network edge.
 * A call without a handler fails the test (`onUnhandledRequest: 'error'`). Import once per test file.
 */
export const server = setupServer();
/** Every request of the current test: method, path with query, JSON body, headers (lower-case names). */
export const sent: Array<{ method: string; path: string; body: unknown; headers: Record<string, string> }> = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry = { method: request.method, path: `${url.pathname}${url.search}`, body: undefined as unknown, headers: Object.fromEntries(request.headers.entries()) };
  sent.push(entry);
  void request.clone().text().then((text) => {
    entry.body = text ? JSON.parse(text) : undefined;
  });
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sent.length = 0;
  session.clear();
});
afterAll(() => server.close());

/** A JSON answer whose body must fit the contract's response schema (a handler that drifts fails). */
export function answer(schema: { parse(value: unknown): unknown }, data: JsonBodyType, message = 'ok'): HttpResponse<JsonBodyType> {
  const body = { success: true, message, data };
  schema.parse(body);
  return HttpResponse.json(body);
}

/** A refusal as the API sends it: `{ success: false, code, message, data: null }`. */
export const refusal = (code: string, message: string, status = 409) => HttpResponse.json({ success: false, code, message, data: null }, { status });

/** Matches an /admin-api/v1 path on any origin. */
export const adminPath = (path: string) => `*/admin-api/v1${path}`;

/**
 * Renders a screen as a signed-in staff member, in Thai (or `language`), with a fresh query cache,
 * inside a router at `path` (a screen's filters live in its address's search params).
 */
export function renderScreen(screen: ReactElement, options: { path?: string; language?: 'th' | 'en' } = {}) {
  session.set('test-staff-token');
  if (options.language === 'en') localStorage.setItem(LANGUAGE_KEY, 'en');
  else localStorage.removeItem(LANGUAGE_KEY);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <I18nProvider>
          <QueryClientProvider client={client}>{screen}</QueryClientProvider>
        </I18nProvider>
      </MemoryRouter>,
    ),
  };
}

export { thaiLeftIn } from './thai-left';
