import { isErrorCode, type ErrorBody, type ErrorCode } from '@atende/shared/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly body: Partial<ErrorBody> | undefined;
  // the raw answer text when it was not an error body
  readonly text: string | undefined;

  constructor(status: number, body: unknown, text: string | undefined) {
    const errorBody = isErrorBodyLike(body) ? body : undefined;
    super(errorBody?.error ?? text ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = errorBody;
    this.code = isErrorCode(errorBody?.error) ? errorBody.error : undefined;
    this.text = errorBody?.error ?? text;
  }
}

const isErrorBodyLike = (value: unknown): value is Partial<ErrorBody> & { error: string } =>
  typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
