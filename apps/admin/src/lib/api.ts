/**
 * The back-office API client: `/admin-api/v1/…` with the staff bearer session, answers in the
 * envelope `{ success, message, data }` (refusals add `code`). The session token lives in
 * sessionStorage (docs/adr/0018): it ends with the tab.
 */
const TOKEN_KEY = 'sabai.admin.token';

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
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', 'คำตอบจากเซิร์ฟเวอร์ไม่ตรงรูปแบบ');
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
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', 'คำตอบจากเซิร์ฟเวอร์ไม่ตรงรูปแบบ');
  return parsed.data.data;
}

/** One call: the envelope of a success; rejects with ApiError (Thai message from the server) otherwise. A 401 ends the session. */
async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ success?: boolean; message?: string; code?: string; data?: unknown }> {
  const token = session.get();
  let response: Response;
  try {
    response = await fetch(`/admin-api/v1${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'accept-language': 'th' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้');
  }
  const envelope = (await response.json().catch(() => null)) as { success?: boolean; message?: string; code?: string; data?: unknown } | null;
  if (!response.ok || !envelope?.success) {
    if (response.status === 401 && token) {
      session.clear();
      window.dispatchEvent(new Event('sabai-admin-signed-out'));
    }
    throw new ApiError(response.status, envelope?.code ?? 'ERROR', envelope?.message ?? `HTTP ${response.status}`);
  }
  return envelope;
}
