/*
 * The replay rules of docs/architecture.md "Writing: queued mutations", as pure functions shared by the service worker's background-sync
 * replay and the app's outbox (which sends by itself when there is no service worker).
 */

export type ReplayOutcome =
  /** 2xx: the server applied it (or had already applied it: a replayed key gets the stored answer). */
  | 'applied'
  /** 401/419: kept; the user logs in again, then replay resumes. */
  | 'needs-auth'
  /** 409/412/422/other 4xx: rolled back to the server's truth and shown with the server's message. */
  | 'rejected'
  /** 5xx, 408, 429 or no answer at all: kept and retried later with back-off. */
  | 'retry';

/** `status` 0 means no answer (network error, time-out). `code` is the error body's code when there is one. */
export const classifyReplay = (status: number, code?: string): ReplayOutcome => {
  if (status === 0) return 'retry';
  if (status >= 200 && status < 300) return 'applied';
  if (status === 401 || status === 419) return 'needs-auth';
  // "No update made": the server already holds exactly these values, which is what the user wanted.
  if (status === 422 && code === 'noUpdate') return 'applied';
  if (status === 408 || status === 429 || status === 503 || status >= 500) return 'retry';
  if (status >= 400) return 'rejected';
  // 1xx/3xx never reach here through fetch(); treat anything unexpected as "try again later".
  return 'retry';
};

/** Back-off before the next attempt: 2 s, 4 s, 8 s … capped at 5 minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(5 * 60 * 1000, 2000 * 2 ** Math.max(0, attempts - 1));

/**
 * A change made on top of an earlier queued change of the same entity carries the same base version. Once the
 * earlier one is applied, the later one is rebased onto the version the server answered, so that it is not
 * refused as stale. A change based on any other version is left alone (a real conflict stays a 412).
 */
export const rebaseBody = (body: unknown, fromVersion: string, toVersion: string): unknown => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.lastUpdate !== fromVersion) return body;
  return { ...record, lastUpdate: toVersion };
};

/** The entity version an answer carries (`lastUpdate`), when it has one. */
export const versionOf = (body: unknown): string | undefined => {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>).lastUpdate;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The version a change should be based on, given the versions this device's own applied changes replaced
 * (`superseded`: from → to). A change read from a screen that had not yet re-rendered after an earlier change
 * was applied carries the replaced version; it is a change on top of the earlier one, so it follows the chain to
 * the newest version. A version nobody of ours replaced (a pull brought it, or it is current) stays as it is.
 */
export const latestVersion = (version: string, superseded: ReadonlyMap<string, string>): string => {
  let current = version;
  // Each step moves strictly forward; the bound only guards against a corrupted chain looping.
  for (let steps = 0; steps <= superseded.size; steps += 1) {
    const next = superseded.get(current);
    if (next === undefined || next === current) return current;
    current = next;
  }
  return current;
};

/**
 * What the page makes of the worker's report (keys it still holds, outcomes it saw) for one of its rows that it
 * believes the worker holds: `outcome` (settle it with the reported answer), `held` (wait for the worker),
 * `resend` (the worker neither holds it nor saw an answer: the page sends it again with the same key and body,
 * which the server answers with the stored result if it was applied after all).
 */
export const reconcileHeld = (
  key: string,
  report: { held: readonly string[]; outcomes: readonly string[] },
): 'outcome' | 'held' | 'resend' => {
  if (report.outcomes.includes(key)) return 'outcome';
  if (report.held.includes(key)) return 'held';
  return 'resend';
};
