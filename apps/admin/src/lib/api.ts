/**
 * The back-office API client: `/admin-api/v1/…` with the staff bearer session, answers in the
 * envelope `{ success, message, data }` (refusals add `code`). The session token lives in
 * sessionStorage (docs/adr/0018): it ends with the tab.
 */
import { ERRORS, type ErrorCode } from '@sabai/contracts';
import { BACKGROUND_HEADER, isBackground, watchActivity } from './activity';
import { currentLanguage } from './language';
import { serverMessage } from './server-messages';

const TOKEN_KEY = 'sabai.admin.token';
/** The event the client sends when the server says the session is over (401 UNAUTHENTICATED). */
export const SESSION_EXPIRED_EVENT = 'sabai-admin-session-expired';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const session = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** A contract response schema (`@sabai/contracts`, admin/…): the whole envelope, parsed. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: { data: T } } | { success: false };
}

/**
 * `GET path`, the answer checked against the contract's response schema: an answer that does not
 * fit is an ApiError (`BAD_RESPONSE`), never a screen drawn from a wrong shape.
 */
export async function apiGet<T>(path: string, schema: ResponseSchema<T>): Promise<T> {
  const envelope = await send('GET', path);
  const parsed = schema.safeParse(envelope);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', serverMessage('BAD_RESPONSE', 'คำตอบจากเซิร์ฟเวอร์ไม่ตรงรูปแบบ'));
  return parsed.data.data;
}

/**
 * `POST path` with a JSON body, the answer checked against the contract's response schema like
 * `apiGet` (ApiError `BAD_RESPONSE` when it does not fit). Every staff action's route declares its
 * answer in @sabai/contracts (apps/api admin-contracts.test.ts checks that each does).
 */
export async function apiPost<T>(path: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  const envelope = await send('POST', path, body);
  const parsed = schema.safeParse(envelope);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', serverMessage('BAD_RESPONSE', 'คำตอบจากเซิร์ฟเวอร์ไม่ตรงรูปแบบ'));
  return parsed.data.data;
}

/**
 * The headers of every call: the bearer session, the language, and `x-sabai-background: 1` when
 * no key or pointer press caused the call (lib/activity.ts: background refetches do not extend
 * the session's idle timeout, issue 25 §4).
 */
export function requestHeaders(options: { json?: boolean; background?: boolean } = {}): Record<string, string> {
  watchActivity();
  const token = session.get();
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(options.json ? { 'content-type': 'application/json' } : {}),
    'accept-language': currentLanguage(),
    ...((options.background ?? isBackground()) ? { [BACKGROUND_HEADER]: '1' } : {}),
  };
}

/**
 * Whether a refusal means the session is over: 401 `UNAUTHENTICATED` (no or unknown token) or
 * `STAFF_SESSION_EXPIRED` (idle, past its 12 h, signed out elsewhere).
 * A wrong password or code (401 `STAFF_INVALID_CREDENTIALS`, `STAFF_INVALID_TOTP`) is a form
 * error, never a sign-out (issue 25 §4: a wrong current password on the password screen).
 */
export const endsSession = (status: number, code: string | undefined) =>
  status === 401 && (code === undefined || code === 'UNAUTHENTICATED' || code === 'STAFF_SESSION_EXPIRED');

/**
 * One call: the envelope of a success; rejects with ApiError otherwise (the server's message, or
 * its English wording in English mode, lib/server-messages.ts). When the session is over the
 * token is dropped and `SESSION_EXPIRED_EVENT` fires: the shell shows the sign-in dialog over the
 * page, which keeps what was typed (app/session-expired.tsx).
 */
async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ success?: boolean; message?: string; code?: string; data?: unknown }> {
  const token = session.get();
  let response: Response;
  try {
    response = await fetch(`/admin-api/v1${path}`, {
      method,
      headers: requestHeaders({ json: body !== undefined, background: method === 'POST' ? false : undefined }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', serverMessage('NETWORK', 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้'));
  }
  const envelope = (await response.json().catch(() => null)) as { success?: boolean; message?: string; code?: string; data?: unknown } | null;
  if (!response.ok || !envelope?.success) {
    const code = envelope?.code ?? 'ERROR';
    if (token && endsSession(response.status, envelope?.code)) {
      session.clear();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
    throw new ApiError(response.status, code, serverMessage(code, envelope?.message ?? `HTTP ${response.status}`));
  }
  return envelope;
}

/** The refusal of a request body that does not fit the server's `*Body` contract, before it is sent: names the fields. */
export class FormError extends ApiError {
  /** The top-level fields at fault (`amount`, `reason`), for the form to mark. */
  readonly fields: string[];
  constructor(message: string, fields: string[]) {
    super(400, 'VALIDATION_FAILED', message);
    this.fields = fields;
  }
}

/** A form-check issue in plain words (zod's own name patterns, `/^\d{3}$/`, mean nothing to staff). */
function plainIssue(issue: { code?: string; message: string; minimum?: unknown; input?: unknown }): string {
  const english = currentLanguage() === 'en';
  if (issue.code === 'invalid_format') return english ? 'wrong format' : 'รูปแบบไม่ถูกต้อง';
  if (issue.code === 'too_small' && (issue.input === '' || issue.input === undefined)) return english ? 'required' : 'กรุณากรอก';
  return issue.message;
}

/** A request-body contract of @sabai/contracts (`adjustmentRequestBody`…): what the server parses. */
interface BodySchema<In> {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; input?: unknown; params?: Record<string, unknown> | undefined }> } };
  readonly _zod: { input: In };
}

/**
 * `POST path` with a body typed by the server's own `*Body` contract (issue 25 §4: request bodies
 * typed by the contracts the server parses) and checked against it before sending: a body that
 * does not fit is a FormError naming each field by its label (`labels`, the form's words), never
 * a request the server refuses with a message that names nothing.
 */
export async function apiPostBody<In, T>(path: string, bodySchema: BodySchema<In>, body: In, schema: ResponseSchema<T>, labels: Record<string, string> = {}): Promise<T> {
  const checked = bodySchema.safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues;
    const fields = [...new Set(issues.map((issue) => String(issue.path[0] ?? '')))];
    const message = issues
      .map((issue) => {
        const field = String(issue.path[0] ?? '');
        const errorCode = typeof issue.params?.errorCode === 'string' ? issue.params.errorCode : null;
        const text = errorCode ? serverMessage(errorCode, String(issue.params?.errorMessage ?? ERRORS[errorCode as ErrorCode]?.message ?? issue.message)) : plainIssue(issue);
        return `${labels[field] ?? field}: ${text}`;
      })
      .join(' · ');
    throw new FormError(message, fields);
  }
  return apiPost(path, body, schema);
}
