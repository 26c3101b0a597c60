import { db } from '#db/db';
import type { FromWorker, MutationResult } from '#sw/messages';
import { classifyReplay, reconcileHeld, retryDelayMs } from '#sw/replay-rules';
import { isControlled, postToWorker, requestWorkerReport } from '../sw-bridge.ts';
import { flush } from './send.ts';
import { applyOutcome } from './settle.ts';
import { exclusive, heldByWorker, type Answer } from './state.ts';

/*
 * The service worker's side of the queue. The page is the one source of truth for the order of changes, and
 * delivery is idempotent end to end: a row's body never changes once sent, so the same key may reach the server
 * several times (the worker's copy, the page's re-send) and is applied once. Results come back as messages, or in
 * the worker's report: at start, when back online and on a back-off while the worker holds changes, the page asks
 * the worker to replay and report what it holds and what it saw (a message round trip), settles the reported
 * outcomes and re-sends what the worker neither holds nor answered (sw/replay-rules.ts `reconcileHeld`).
 */

const errorFields = (body: unknown): Omit<Answer, 'status'> => {
  if (body === null || typeof body !== 'object') return {};
  const b = body as { code?: unknown; message?: unknown };
  return {
    ...(typeof b.code === 'string' ? { code: b.code } : {}),
    ...(typeof b.message === 'string' ? { message: b.message } : {}),
  };
};

/**
 * Settle one outcome the worker reported (as a message or in its report). Matched by key, and only while the row
 * is unresolved: the same outcome may arrive twice (message and report), and a rejected row is the user's now.
 */
const settleWorkerResult = async (result: MutationResult): Promise<void> => {
  const row = await db.pendingMutations.get(result.key);
  if (row && row.state !== 'rejected') {
    const details = errorFields(result.body);
    const outcome = classifyReplay(result.status, details.code);
    // A retry class never comes back from the worker (it keeps those); if it did, the page sends it again.
    if (outcome === 'retry') await db.pendingMutations.update(row.key, { state: 'pending' });
    else await applyOutcome(row, outcome, { status: result.status, ...details, body: result.body });
  }
  heldByWorker.delete(result.key);
};

/** A message from the worker: a change's result, or a change stopped for re-authentication. */
export const handleWorkerMessage = async (message: FromWorker): Promise<void> => {
  if (message.type !== 'MUTATION_RESULT' && message.type !== 'NEEDS_AUTH') return;
  // Serialised with the sends: a later change of the entity must be rebased before it can go out.
  await exclusive(async () => {
    if (message.type === 'MUTATION_RESULT') {
      await settleWorkerResult(message);
      return;
    }
    const row = await db.pendingMutations.get(message.key);
    if (row && row.state !== 'rejected' && row.state !== 'needs-auth') await applyOutcome(row, 'needs-auth', { status: 401 });
  });
  if (message.type === 'MUTATION_RESULT') {
    // Settled (or unknown here): the worker may forget it.
    postToWorker({ type: 'ACK', keys: [message.key] });
    await flush();
  }
};

let workerChecks = 0;
let workerCheckTimer: ReturnType<typeof setTimeout> | null = null;
let reconciling: Promise<void> | null = null;

const scheduleWorkerCheck = () => {
  if (workerCheckTimer !== null) return;
  workerChecks += 1;
  workerCheckTimer = setTimeout(() => {
    workerCheckTimer = null;
    void reconcileWithWorker();
  }, retryDelayMs(workerChecks));
};

/** Back online: the worker's back-off starts afresh, the network is there now. */
export const restartWorkerChecks = (): void => {
  workerChecks = 0;
  if (workerCheckTimer !== null) clearTimeout(workerCheckTimer);
  workerCheckTimer = null;
};

const runReconcile = async (): Promise<void> => {
  const report = await requestWorkerReport();
  if (!report) {
    // No answer (worker busy or restarting): ask again later; meanwhile the rows stay as they are.
    if (isControlled()) scheduleWorkerCheck();
    return;
  }
  await exclusive(async () => {
    for (const outcome of report.outcomes) await settleWorkerResult(outcome);
    const keys = { held: report.held, outcomes: report.outcomes.map((outcome) => outcome.key) };
    for (const row of await db.pendingMutations.where('state').anyOf('queued', 'sending').toArray()) {
      switch (reconcileHeld(row.key, keys)) {
        case 'held':
          heldByWorker.add(row.key);
          if (row.state !== 'queued') await db.pendingMutations.update(row.key, { state: 'queued' });
          break;
        case 'resend':
          // Same key, same body: applied once whoever delivers it first.
          heldByWorker.delete(row.key);
          await db.pendingMutations.update(row.key, { state: 'pending', nextAttemptAt: 0, attempts: Math.max(1, row.attempts) });
          break;
        case 'outcome':
          break;
      }
    }
    for (const key of report.needsAuth) {
      const row = await db.pendingMutations.get(key);
      if (row && row.state !== 'rejected' && row.state !== 'needs-auth') await applyOutcome(row, 'needs-auth', { status: 401 });
    }
  });
  if (report.outcomes.length > 0) postToWorker({ type: 'ACK', keys: report.outcomes.map((outcome) => outcome.key) });
  // The worker's own retry may be minutes away (the browser's sync back-off): the page asks again sooner.
  if (report.held.length > 0 && report.needsAuth.length === 0) scheduleWorkerCheck();
  else workerChecks = 0;
  await flush();
};

/** Ask the worker to replay and report, then settle and re-send. Concurrent calls share one round trip. */
export const reconcileWithWorker = (): Promise<void> => {
  if (!isControlled()) return flush();
  if (reconciling) return reconciling;
  reconciling = runReconcile().finally(() => {
    reconciling = null;
  });
  return reconciling;
};
