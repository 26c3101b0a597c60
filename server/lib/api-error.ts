import type { ErrorCode } from '#contract/errors';
import type { ErrorBody, FieldError } from '#contract/common';

/**
 * The one error type routes throw. The error handler turns it into the contract's error body, so a route never
 * builds an error answer by hand and every 4xx has the same shape (docs/product/errors.md "Error body").
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  readonly retryAfter: number | undefined;
  readonly orderId: string | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    extra: { fields?: FieldError[]; retryAfter?: number; orderId?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
    this.orderId = extra.orderId;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.statusCode, code: this.code, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.retryAfter !== undefined) body.retryAfter = this.retryAfter;
    if (this.orderId !== undefined) body.orderId = this.orderId;
    return body;
  }
}

export const invalidParameters = (fields: FieldError[], message = 'Invalid parameters', statusCode = 400): ApiError =>
  new ApiError(statusCode, 'invalidParameters', message, { fields });
export const unauthenticated = (): ApiError => new ApiError(401, 'unauthenticated', 'Authentication required');
export const forbidden = (): ApiError => new ApiError(403, 'forbidden', 'Forbidden');
export const notFound = (message = 'Not found'): ApiError => new ApiError(404, 'notFound', message);
