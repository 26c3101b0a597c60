import { ApiError, callMutation } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { now } from '#lib/clock';
import { classifyReplay, retryDelayMs } from '#sw/replay-rules';
import { isKnownMutationType } from './registry.ts';
import { applyOutcome, type Next } from './settle.ts';
import { entityOf, exclusive, heldByWorker, isOnline, payloadOf, type Answer } from './state.ts';
import { isControlled } from '../sw-bridge.ts';

/*
 * Sending. Rows go out one at a time per entity, oldest first, so that a later change is rebased on the version the
 * earlier one produced; an entity whose change waits (held by the service worker, backing off) blocks its later
 * changes but not the other entities. A send the network refused is kept by the service worker (202 "queued");
 * without a service worker the outbox retries by itself with back-off (2 s, 4 s … 5 min).
 */

let flushing: Promise<void> | null = null;
let flushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

const scheduleRetry = (delayMs: number) => {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flush();
  }, delayMs);
};

const answerOfError = (error: unknown): Answer => {
  if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message, fields: error.fields };
  return { status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
};

/** No answer, or one that says "later" (5xx, 408, 429): try again after a back-off that grows with the attempts. */
const backOff = async (row: PendingMutationRow): Promise<Next> => {
  const attempts = row.attempts + 1;
  await db.pendingMutations.update(row.key, { state: 'pending', attempts, nextAttemptAt: now() + retryDelayMs(attempts) });
  scheduleRetry(retryDelayMs(attempts));
  return 'stop-entity';
};

const send = async (row: PendingMutationRow): Promise<Next> => {
  const payload = payloadOf(row);
  await db.pendingMutations.update(row.key, { state: 'sending' });
  try {
    const answer = await callMutation(endpoints[payload.endpoint], {
      params: payload.params,
      body: payload.body,
      idempotencyKey: row.key,
      silent: true,
    });
    if (answer.queued) {
      heldByWorker.add(row.key);
      await db.pendingMutations.update(row.key, { state: 'queued' });
      return 'stop-entity';
    }
    return await applyOutcome(row, 'applied', { status: 200, body: answer.data });
  } catch (error) {
    const answer = answerOfError(error);
    if (error instanceof ApiError && error.isAborted) {
      await db.pendingMutations.update(row.key, { state: 'pending' });
      return 'stop-all';
    }
    const outcome = classifyReplay(answer.status, answer.code);
    return outcome === 'retry' ? backOff(row) : applyOutcome(row, outcome, answer);
  }
};

const runFlush = async (): Promise<void> => {
  const session = await db.session.get('current');
  if (!session) return;
  const rows = await db.pendingMutations.orderBy('createdAt').toArray();
  // Another person's changes on a shared device are never sent with this user's session.
  const foreign = rows.filter((row) => row.userGuid !== undefined && row.userGuid !== session.userGuid);
  if (foreign.length > 0) await db.pendingMutations.bulkDelete(foreign.map((row) => row.key));
  const mine = rows.filter((row) => !foreign.includes(row));
  if (mine.some((row) => row.state === 'needs-auth')) return;
  // Without a service worker there is nobody to keep a change while offline: wait for the 'online' event.
  if (!isOnline() && !isControlled()) return;

  const blocked = new Set<string>();
  for (const row of mine) {
    const entity = entityOf(row);
    if (blocked.has(entity)) continue;
    if (row.state === 'rejected' || row.state === 'applied') continue;
    // A type this build does not know (an older app's row): left for the build that knows it.
    if (!isKnownMutationType(row.type)) continue;
    if (row.state === 'queued' && heldByWorker.has(row.key)) {
      blocked.add(entity);
      continue;
    }
    if (row.nextAttemptAt !== undefined && row.nextAttemptAt > now()) {
      blocked.add(entity);
      scheduleRetry(row.nextAttemptAt - now());
      continue;
    }
    const fresh = await db.pendingMutations.get(row.key);
    if (!fresh) continue;
    const result = await send(fresh);
    if (result === 'stop-all') return;
    if (result === 'stop-entity') blocked.add(entity);
  }
};

/** Send what can be sent now. Safe to call any time; concurrent calls coalesce. */
export const flush = (): Promise<void> => {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  const run = (async () => {
    do {
      flushAgain = false;
      await exclusive(runFlush);
    } while (flushAgain);
  })();
  flushing = run.finally(() => {
    flushing = null;
  });
  return flushing;
};
