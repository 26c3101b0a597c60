import type { ApiError } from '#api/api-error';
import { advanceSessionGeneration, armApiFailures, onApiError, sessionGeneration, type FailureContext } from '#api/api-failures';

export { advanceSessionGeneration, sessionGeneration };

/** What the global error handler needs to know of a failed call (docs/product/errors.md "Global error handler"). */
export type ApiFailure = { status: number; code: string; isNetwork: boolean; refused: boolean } & FailureContext;

/** Subscribe to failed API calls (aborted ones never arrive; silent ones do, marked so). */
export const onApiFailure = (listener: (failure: ApiFailure) => void): (() => void) =>
  onApiError((error: ApiError, context) =>
    listener({ status: error.status, code: error.code, isNetwork: error.isNetwork, refused: error.refused, ...context }),
  );

/**
 * The start has decided about the stored session (main.tsx): the global handler hears failures from now on, those
 * that waited first. After a redirect of that decision (an expired session sent to login), the calls started before
 * it landed belong to the dropped session: a new generation, so that their 401s are ignored.
 */
export const startFailureHandling = ({ redirected }: { redirected: boolean }): void => {
  if (redirected) advanceSessionGeneration();
  armApiFailures();
};
