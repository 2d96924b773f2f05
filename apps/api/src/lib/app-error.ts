import { ERRORS, type ErrorCode } from '@sabai/contracts';

/**
 * An expected refusal (style.md: operating errors are values with a code from the closed list).
 * Use cases throw it; the error plugin turns it into `{ success: false, code, message }` with the
 * code's HTTP status. `message` overrides the code's default Thai text only when a rule needs
 * to say more (e.g. a retry time).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly headers: Record<string, string>;
  /** The form field the refusal is about (sent as `field` in the envelope), if one is. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, options: { message?: string; headers?: Record<string, string>; field?: string } = {}) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = ERRORS[code].httpStatus;
    this.headers = options.headers ?? {};
    this.field = options.field;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
