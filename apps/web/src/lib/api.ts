import { ERRORS, NO_CONNECTION_MESSAGE, SERVER_UNREACHABLE_MESSAGE, prefixResponse, type NumericSuccess, type SiteSettings } from '@sabai/contracts';
import { sessionStore } from './session.ts';
import { isSiteNotSetUpAnswer, siteOpening } from './site-opening.ts';

export { SITE_NOT_SET_UP_CODE } from './site-opening.ts';

/**
 * The member-API client (spec §7, ARCHITECTURE.md "Wire conventions").
 *
 * - Same origin; every call sends `Accept-Language: th`, JSON, `X-Api-Key: <appId>` (appId from
 *   `GET /v2/prefix`, itself called without the key) and `Authorization: Bearer <token>` when
 *   signed in.
 * - Every body is `{ success, message, data, code? }`; anything but the call's success value is an
 *   ApiError carrying the server's Thai message. The success value is `true`, except for the three
 *   calls spec §7 gives a number (change-password and refresh 0, affiliate income withdrawal 1;
 *   docs/adr/0004): they pass `successValue`. A network failure, timeout or non-JSON reply is
 *   an ApiError with the Thai "server unreachable" message; with the device offline
 *   (`navigator.onLine` false) it is the Thai "no connection" message (code OFFLINE), and a call
 *   that changes something (not GET) is not even sent: nothing is queued to go out later
 *   (issue 26 §2). Both have status 0 (`isUnreachable`), so the page keeps the attempt's
 *   idempotency key for the member's next tap.
 * - Responses are checked against the contract schema given by the caller.
 * - A 401 on a call that carried a session token reports to the handler set by the app (spec §6).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server was not reached. */
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isUnreachable(): boolean {
    return this.status === 0;
  }
}

/** Any schema with zod's safeParse (the contract schemas); keeps zod itself out of this file's imports. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  headers?: Record<string, string>;
  schema: ResponseSchema<T>;
  /** The body's `success` on success: `true` unless spec §7 gives the call a number (contracts SUCCESS_VALUE). */
  successValue?: true | NumericSuccess;
}

/** A member call that hangs longer than this is reported as unreachable. */
const REQUEST_TIMEOUT_MS = 20_000;
export const UNREACHABLE_CODE = 'SERVER_UNREACHABLE';
export const OFFLINE_CODE = 'OFFLINE';

/** The browser knows it has no connection (`navigator.onLine` is only trusted when false). */
const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
const offlineError = () => new ApiError(NO_CONNECTION_MESSAGE, 0, OFFLINE_CODE);
const BAD_RESPONSE_CODE = 'BAD_RESPONSE';

let appId: string | null = null;
let settingsRequest: Promise<SiteSettings> | null = null;
let unauthorizedHandler: (() => void) | null = null;

/** The app decides what a 401 means for the current page (spec §6). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * `GET /v2/prefix`: public site settings; also yields the appId every other call needs.
 * One request per page load is shared by all callers; `reload` asks again.
 */
export function loadSiteSettings(options: { reload?: boolean } = {}): Promise<SiteSettings> {
  if (!settingsRequest || options.reload) {
    settingsRequest = send('/v2/prefix', { schema: prefixResponse }, null).then(
      (body) => {
        appId = body.data.appId;
        return body.data;
      },
      (error: unknown) => {
        settingsRequest = null; // let the next caller try again
        throw error;
      },
    );
  }
  return settingsRequest;
}

/** A member-API call with the application key (loaded first when not known yet). */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const key = appId ?? (await loadSiteSettings()).appId;
  return send(path, options, key);
}

/**
 * Headers of a member call for requests that cannot go through apiRequest (the event stream,
 * read as a stream rather than one JSON body). Null when signed out.
 */
export async function memberRequestHeaders(): Promise<Record<string, string> | null> {
  if (!sessionStore.get().token) return null;
  const key = appId ?? (await loadSiteSettings()).appId;
  const token = sessionStore.get().token; // read again: the member may have signed out meanwhile
  return token ? { 'Accept-Language': 'th', 'X-Api-Key': key, Authorization: `Bearer ${token}` } : null;
}

async function send<T>(path: string, options: RequestOptions<T>, apiKey: string | null): Promise<T> {
  const token = sessionStore.get().token;
  const headers: Record<string, string> = {
    'Accept-Language': 'th',
    'Content-Type': 'application/json',
    ...options.headers,
  };
  if (apiKey) headers['X-Api-Key'] = apiKey;
  if (token) headers.Authorization = `Bearer ${token}`;

  const method = options.method ?? 'GET';
  if (method !== 'GET' && isOffline()) throw offlineError();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      credentials: 'same-origin',
    });
  } catch {
    throw isOffline() ? offlineError() : new ApiError(SERVER_UNREACHABLE_MESSAGE, 0, UNREACHABLE_CODE);
  }

  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401 && token && token === sessionStore.get().token) unauthorizedHandler?.();

  if (!isEnvelope(body)) {
    // A proxy error page or an empty reply: the API itself was not reached.
    throw new ApiError(SERVER_UNREACHABLE_MESSAGE, response.ok ? response.status : 0, UNREACHABLE_CODE);
  }
  // Strictly: a refusal's `false` must never pass for a success value of 0.
  if (body.success !== (options.successValue ?? true)) {
    const code = typeof body.code === 'string' ? body.code : null;
    // Before the owner opens the site (issue 24 §1) every member call says so: the app shows its
    // opening-soon page instead of the page and its refusals (app/root-layout.tsx).
    if (isSiteNotSetUpAnswer(body)) siteOpening.reportNotSetUp(body.message);
    throw new ApiError(body.message || ERRORS.INTERNAL_ERROR.message, response.status, code);
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Response of ${path} does not match the contract`, parsed.error);
    throw new ApiError(ERRORS.INTERNAL_ERROR.message, response.status, BAD_RESPONSE_CODE);
  }
  return parsed.data;
}

/** For calls whose data the client does not use: only the envelope is checked (send has checked the success value). */
export const envelopeOnly: ResponseSchema<{ message: string; data: unknown }> = {
  safeParse: (value) =>
    isEnvelope(value)
      ? { success: true, data: { message: value.message, data: (value as { data?: unknown }).data } }
      : { success: false, error: 'not an envelope' },
};

interface Envelope {
  success: unknown;
  message: string;
  code?: unknown;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  'success' in value &&
  typeof (value as { message?: unknown }).message === 'string';

/** The Thai message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return ERRORS.INTERNAL_ERROR.message;
}
