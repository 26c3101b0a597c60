import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError as ApiErrorClass } from '#api/api-error';
import type * as ApiFailures from '#api/api-failures';

/*
 * src/api/api-failures.ts: failures wait until the start has decided about the session and the root listens; each
 * carries the session generation its call started in. Fresh modules per test: the module keeps its state.
 */

type Modules = { failures: typeof ApiFailures; ApiError: typeof ApiErrorClass };

let m: Modules;

beforeEach(async () => {
  vi.resetModules();
  m = { failures: await import('#api/api-failures'), ApiError: (await import('#api/api-error')).ApiError };
});

const failure = (status: number) => new m.ApiError({ status, code: 'x', message: 'x', endpoint: '/e' });
const report = (status: number) =>
  m.failures.reportApiError(failure(status), {
    silent: true,
    sessionCall: false,
    authenticated: true,
    startedIn: m.failures.sessionGeneration(),
  });
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the global handler of failed calls', () => {
  it('hears nothing before it is armed, then what waited in order, then every failure as it comes', async () => {
    const heard: number[] = [];
    m.failures.onApiError((error) => heard.push(error.status));
    report(401);
    report(503);
    await settle();
    expect(heard).toEqual([]);
    m.failures.armApiFailures();
    report(404);
    await settle();
    expect(heard).toEqual([401, 503, 404]);
    report(409);
    expect(heard).toEqual([401, 503, 404, 409]);
  });

  it('armed before the root listens, keeps the failures for it (a route first pulls before its first render)', async () => {
    m.failures.armApiFailures();
    report(503);
    const heard: number[] = [];
    m.failures.onApiError((error) => heard.push(error.status));
    await settle();
    expect(heard).toEqual([503]);
  });

  it('delivers the waiting failures to the listener that stays (strict mode subscribes twice)', async () => {
    report(401);
    m.failures.armApiFailures();
    const first: number[] = [];
    const second: number[] = [];
    const stop = m.failures.onApiError((error) => first.push(error.status));
    stop();
    m.failures.onApiError((error) => second.push(error.status));
    await settle();
    expect(first).toEqual([]);
    expect(second).toEqual([401]);
  });

  it('tags each failure with the generation its call started in, which a login, renewal or redirect moves on', async () => {
    const started: number[] = [];
    m.failures.onApiError((_error, context) => started.push(context.startedIn));
    m.failures.armApiFailures();
    const before = m.failures.sessionGeneration();
    report(401);
    m.failures.advanceSessionGeneration();
    report(401);
    await settle();
    expect(started).toEqual([before, before + 1]);
    expect(m.failures.sessionGeneration()).toBe(before + 1);
  });
});
