import type { ApiError } from '#api/api-error';
import { onApiError } from '#api/api-failures';

/** What the global error handler needs to know of a failed call (docs/product/errors.md "Global error handler"). */
export type ApiFailure = { status: number; code: string; isNetwork: boolean };

/** Subscribe to failed API calls (aborted ones never arrive). */
export const onApiFailure = (listener: (failure: ApiFailure) => void): (() => void) =>
  onApiError((error: ApiError) => listener({ status: error.status, code: error.code, isNetwork: error.isNetwork }));
