// One error type for business rules, mapped to HTTP in one handler (ARCHITECTURE §4 Errors).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ValidationIssue } from '@atende/shared/errors';
import { isUnstorableText } from './db-errors.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode = 400,
    // extra fields of the body; `error` here replaces the code (the ticket conflict's JSON string)
    readonly extra: Partial<ErrorBody> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);
export const forbidden = () => new AppError('ERR_NO_PERMISSION', 403);
// Retry-After tells the caller when to try again (RFC 9110 §10.2.3)
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('ERR_TOO_MANY_REQUESTS', 429, {}, { 'retry-after': String(retryAfterSeconds) });
export const invalidField = (path: string, message: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path, message }] });

// Reads a multipart request: a malformed body (cut off, no closing boundary) is the caller's
// fault, not a 500; errors that carry a status (size and count limits, AppError) keep it.
export const readMultipart = async <T>(read: () => Promise<T>) => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('ERR_INVALID_FILE', 400);
  }
};

const fastifyCodeToError: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'ERR_INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ERR_INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'ERR_VALIDATION',
  FST_ERR_CTP_BODY_TOO_LARGE: 'ERR_FILE_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'ERR_FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'ERR_INVALID_FILE',
  FST_PARTS_LIMIT: 'ERR_INVALID_FILE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'ERR_INVALID_FILE',
};

export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.code, ...error.extra } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: ValidationIssue[] = error.validation.map((issue) => {
        // unknown keys are reported on the object; name them so the caller sees which
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? ((issue.params.keys as string[]) ?? []) : [];
        const segments = [error.validationContext, ...issue.instancePath.split('/'), unknownKeys.join(',')];
        return { path: segments.filter(Boolean).join('.'), message: issue.message ?? issue.keyword };
      });
      return reply.status(400).send({ error: 'ERR_VALIDATION', fields } satisfies ErrorBody);
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ error: 'ERR_VALIDATION' } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: 'ERR_TOO_MANY_REQUESTS' } satisfies ErrorBody);
    }
    const mapped = error.code ? fastifyCodeToError[error.code] : undefined;
    if (mapped) {
      return reply.status(error.statusCode ?? 400).send({ error: mapped } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: 'ERR_VALIDATION' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: 'ERR_INTERNAL', requestId: request.id } satisfies ErrorBody);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'ERR_NOT_FOUND' } satisfies ErrorBody));
};
