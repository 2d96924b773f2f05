import {
  balanceResponse,
  prefixResponse,
  refreshResponse,
  type UserInfo,
} from '@sabai/contracts';
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { balanceFixture, settingsFixture, userFixture } from './fixtures.ts';

/**
 * Component tests of the pages that move money (issue 10 §C): the page runs with the real API
 * client (`lib/api.ts`: headers, envelope, contract check) and msw answers at the network edge
 * (mswjs.io, `msw/node`). Handlers answer bodies checked against the contract's response schema
 * first (`answer`), so a handler that drifts from the contract fails the test that uses it; a call
 * without a handler fails the test too (`onUnhandledRequest: 'error'`).
 *
 * Use: import this file once in a test file (it starts the server for that file), then
 * `useMemberApi(...handlers)` in the test and read `sent` for what the page sent.
 */
export const server = setupServer();

/** One request the page sent: method, path, parsed JSON body (undefined without one), headers (lower-case names). */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Every request of the current test, in the order they were sent. */
export const sent: SentRequest[] = [];

server.events.on('request:start', ({ request }) => {
  const entry: SentRequest = { method: request.method, path: new URL(request.url).pathname, body: undefined, headers: Object.fromEntries([...request.headers.entries()].map(([name, value]) => [name.toLowerCase(), value])) };
  sent.push(entry);
  void request
    .clone()
    .text()
    .then((text) => {
      entry.body = text ? JSON.parse(text) : undefined;
    });
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

/** Any contract response schema (zod). */
interface ContractSchema {
  parse(value: unknown): unknown;
}

/**
 * A JSON answer whose body must fit `schema` (the contract's response envelope), with `status`
 * (200 unless given). @throws when the body does not fit: the handler drifted from the contract.
 */
export function answer(schema: ContractSchema, body: JsonBodyType, status = 200): HttpResponse<JsonBodyType> {
  schema.parse(body);
  return HttpResponse.json(body, { status });
}

/** `{ success: true, message, data }`. */
export const okBody = (data: JsonBodyType, message = 'สำเร็จ') => ({ success: true, message, data });

/** A refusal as the API sends it (ADR 0004): `{ success: false, code, message, data: null }` with a 4xx. */
export const refusal = (code: string, message: string, status = 400): HttpResponse<JsonBodyType> =>
  HttpResponse.json({ success: false, code, message, data: null }, { status });

/** Matches the path on any origin (the client calls the same origin). */
export const onPath = (path: string) => `*${path}`;

/**
 * The calls every member page makes (site settings, the member, the balance) answered from the
 * fixtures, then `handlers` (which win for the same path).
 */
export function useMemberApi(...handlers: HttpHandler[]): void {
  server.use(
    ...handlers,
    http.get(onPath('/v2/prefix'), () => answer(prefixResponse, okBody(settingsFixture as unknown as JsonBodyType))),
    http.get(onPath('/auth-service/v1/refresh'), () => answer(refreshResponse, { success: 0, message: 'สำเร็จ', data: memberUser as unknown as JsonBodyType })),
    http.get(onPath('/user-profile-composite/v1/profile/balance'), () => answer(balanceResponse, okBody(balanceFixture() as unknown as JsonBodyType))),
  );
}

let memberUser: UserInfo = userFixture();
/** The member `refresh` answers with (reset to the fixture after each test). */
export function setMember(user: UserInfo): void {
  memberUser = user;
}
afterEach(() => {
  memberUser = userFixture();
});

/** The requests sent to `path` with `method`. */
export const sentTo = (method: string, path: string) => sent.filter((request) => request.method === method && request.path === path);
