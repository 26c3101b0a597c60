import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/api-error';
import { onApiError, reportApiError, type FailureContext } from '#api/api-failures';

const context: FailureContext = { silent: true, sessionCall: false, authenticated: true };
const failure = (status: number, refused = false) => new ApiError({ status, code: 'x', message: 'x', endpoint: '/e', refused });

describe('the global handler of failed calls', () => {
  it('hears a 401, a 503 or a refused connection reported before it subscribed (a first pull), and only those', () => {
    reportApiError(failure(404), context);
    reportApiError(failure(503), context);
    reportApiError(failure(0, true), context);
    const heard: number[] = [];
    const stop = onApiError((error) => heard.push(error.status));
    expect(heard).toEqual([503, 0]);
    reportApiError(failure(401), { ...context, silent: false });
    reportApiError(failure(404), context);
    expect(heard).toEqual([503, 0, 401, 404]);
    stop();
  });
});
