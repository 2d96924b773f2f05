import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorCode, type WireIssueParams } from '@sabai/contracts';
import { isAppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The code a malformed request body gets on this route (e.g. login's INVALID_CREDENTIALS,
     * spec §5), so shape errors carry the same Thai message as the rule the client checks.
     */
    validationErrorCode?: ErrorCode;
  }
}

/** Sends the refusal envelope `{ success: false, code, message, data: null }`. */
export function sendError(reply: FastifyReply, code: ErrorCode, options: { message?: string; headers?: Record<string, string>; field?: string | undefined } = {}) {
  for (const [name, value] of Object.entries(options.headers ?? {})) reply.header(name, value);
  return reply.code(ERRORS[code].httpStatus).send({
    success: false,
    code,
    message: options.message ?? ERRORS[code].message,
    ...(options.field ? { field: options.field } : {}),
    data: null,
  });
}

/** The first validation issue that carries our error code (contracts' WireIssueParams), if any. */
function wireIssueOf(validation: readonly unknown[]): WireIssueParams | undefined {
  for (const issue of validation) {
    const params = (issue as { params?: { params?: Partial<WireIssueParams> } }).params?.params;
    if (params?.errorCode && params.errorCode in ERRORS) return { errorCode: params.errorCode, ...(params.errorMessage ? { errorMessage: params.errorMessage } : {}) };
  }
  return undefined;
}

/** Fastify's own client-error codes, mapped to ours. Anything unlisted with a 4xx is VALIDATION_FAILED. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

/**
 * One place maps every failure to the wire (style.md: the closed error list mapped to HTTP in one
 * place). Expected refusals keep their code; bad input is a 4xx, never a 5xx; anything else is
 * logged and answered as INTERNAL_ERROR without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) return sendError(reply, error.code, { message: error.message, headers: error.headers, field: error.field });
    const routeCode = request.routeOptions.config?.validationErrorCode;
    if (error.validation) {
      // A field whose contract schema names its own code (e.g. a baht amount: INVALID_AMOUNT) wins.
      const fieldIssue = wireIssueOf(error.validation);
      if (fieldIssue) return sendError(reply, fieldIssue.errorCode, fieldIssue.errorMessage ? { message: fieldIssue.errorMessage } : {});
      return sendError(reply, routeCode ?? 'VALIDATION_FAILED');
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(reply, mapped);
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'RATE_LIMITED');
    if (status >= 400 && status < 500) return sendError(reply, routeCode ?? 'VALIDATION_FAILED');
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR');
  });
}
