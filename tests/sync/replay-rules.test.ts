import { describe, expect, it } from 'vitest';
import { classifyReplay, latestVersion, rebaseBody, reconcileHeld, retryDelayMs, versionOf, type ReplayOutcome } from '#sw/replay-rules';

describe('replay rules per answer class (docs/architecture.md "Writing: queued mutations")', () => {
  const cases: { status: number; code?: string; expected: ReplayOutcome }[] = [
    { status: 200, expected: 'applied' },
    { status: 201, expected: 'applied' },
    { status: 204, expected: 'applied' },
    { status: 401, code: 'unauthenticated', expected: 'needs-auth' },
    { status: 419, expected: 'needs-auth' },
    { status: 400, code: 'invalidParameters', expected: 'rejected' },
    { status: 403, code: 'forbidden', expected: 'rejected' },
    { status: 404, code: 'notFound', expected: 'rejected' },
    { status: 409, expected: 'rejected' },
    { status: 412, code: 'staleData', expected: 'rejected' },
    { status: 422, code: 'idempotencyMismatch', expected: 'rejected' },
    { status: 422, code: 'noUpdate', expected: 'applied' },
    { status: 408, expected: 'retry' },
    { status: 429, expected: 'retry' },
    { status: 500, expected: 'retry' },
    { status: 502, expected: 'retry' },
    { status: 503, expected: 'retry' },
    { status: 0, code: 'network', expected: 'retry' },
  ];
  it.each(cases)('$status $code → $expected', ({ status, code, expected }) => {
    expect(classifyReplay(status, code)).toBe(expected);
  });
});

describe('back-off', () => {
  it.each([
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [10, 300_000],
    [50, 300_000],
  ])('attempt %i waits %i ms', (attempts, expected) => {
    expect(retryDelayMs(attempts)).toBe(expected);
  });
});

describe('rebasing a later change on the version an earlier one produced', () => {
  const cases = [
    { name: 'same base → moved', body: { firstName: 'A', lastUpdate: 'v1' }, expected: { firstName: 'A', lastUpdate: 'v2' } },
    {
      name: 'other base (a real conflict) → unchanged',
      body: { firstName: 'A', lastUpdate: 'v0' },
      expected: { firstName: 'A', lastUpdate: 'v0' },
    },
    { name: 'no base → unchanged', body: { lang: 'nl' }, expected: { lang: 'nl' } },
    { name: 'not an object → unchanged', body: 'x', expected: 'x' },
  ];
  it.each(cases)('$name', ({ body, expected }) => {
    expect(rebaseBody(body, 'v1', 'v2')).toEqual(expected);
  });
  it('reads the version of an answer', () => {
    expect(versionOf({ lastUpdate: 'v3' })).toBe('v3');
    expect(versionOf({ lang: 'fr' })).toBeUndefined();
    expect(versionOf(null)).toBeUndefined();
  });
});

describe('the base of a change made on a screen that had not re-rendered after our own change was applied', () => {
  const superseded = new Map([
    ['v1', 'v2'],
    ['v2', 'v3'],
  ]);
  const cases = [
    { name: 'replaced once → follows to the newest', version: 'v2', expected: 'v3' },
    { name: 'replaced twice → follows the whole chain', version: 'v1', expected: 'v3' },
    { name: 'current version → unchanged', version: 'v3', expected: 'v3' },
    { name: 'a version we did not replace (a pull brought it) → unchanged', version: 'v9', expected: 'v9' },
  ];
  it.each(cases)('$name', ({ version, expected }) => {
    expect(latestVersion(version, superseded)).toBe(expected);
  });
  it('stops on a corrupted chain that loops', () => {
    expect(['a', 'b']).toContain(
      latestVersion(
        'a',
        new Map([
          ['a', 'b'],
          ['b', 'a'],
        ]),
      ),
    );
  });
});

describe('reconciling the page rows with the worker report', () => {
  const report = { held: ['k-held'], outcomes: ['k-done'] };
  const cases: { name: string; key: string; expected: ReturnType<typeof reconcileHeld> }[] = [
    { name: 'an outcome was reported → settle it', key: 'k-done', expected: 'outcome' },
    { name: 'the worker still holds it → wait', key: 'k-held', expected: 'held' },
    { name: 'neither held nor answered → re-send with the same key', key: 'k-lost', expected: 'resend' },
  ];
  it.each(cases)('$name', ({ key, expected }) => {
    expect(reconcileHeld(key, report)).toBe(expected);
  });
  it('an outcome wins over a stale held entry', () => {
    expect(reconcileHeld('k', { held: ['k'], outcomes: ['k'] })).toBe('outcome');
  });
});
