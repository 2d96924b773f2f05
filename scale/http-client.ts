import { outcomeOf, type Metrics, type Outcome } from './metrics.ts';

/** Longest a simulated member waits for one answer, as the member site does (the API never cuts a call it is working on: docs/adr/0038). */
const CALL_TIMEOUT_MS = 20_000;

export interface CallResult {
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  outcome: Outcome;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  /** The product's error code (`code` of its error envelope), when it sent one. */
  code: string | undefined;
  /** The API process that answered, from the header HAProxy adds (`x-sabai-api`). */
  servedBy: string | null;
  latencyMs: number;
}

/**
 * One JSON call, timed and recorded under `kind` (null: not recorded, the caller records what it
 * means). Never throws: a network failure is status 0.
 */
export async function callJson(
  metrics: Metrics,
  kind: string | null,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<CallResult> {
  const startedAt = performance.now();
  let status = 0;
  let body: unknown;
  let servedBy: string | null = null;
  let failure: string | undefined;
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    servedBy = response.headers.get('x-sabai-api');
    const text = await response.text();
    status = response.status;
    body = parseJson(text);
  } catch (error) {
    status = 0;
    failure = failureCode(error);
  }
  const latencyMs = performance.now() - startedAt;
  const code = failure ?? readString(body, 'code');
  const outcome = kind === null ? outcomeOf(status) : metrics.record(kind, latencyMs, status, code);
  return { status, outcome, body, code, servedBy, latencyMs };
}

/** Why fetch failed, as a code: `NO_ANSWER:ECONNRESET`, `NO_ANSWER:TIMEOUT`, … */
function failureCode(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'NO_ANSWER:TIMEOUT';
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : 'FAILED';
  return `NO_ANSWER:${detail}`.slice(0, 60);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `value[key]` when value is an object and that field is a string. */
export function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

export function readNumber(value: unknown, key: string): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'number' ? field : undefined;
}

/** `value[key]` when value is an object (else undefined). */
export function readField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as Record<string, unknown>)[key];
}

/** True for the answers worth one more try with the same idempotency key: none, or a gateway error. */
export const isRetryable = (status: number): boolean => status === 0 || status === 502 || status === 503 || status === 504;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
