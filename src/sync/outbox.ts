import { liveQuery, type Table } from 'dexie';
import { ApiError, callMutation } from '#api/client';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import type { FromWorker, MutationResult } from '#sw/messages';
import { classifyReplay, latestVersion, rebaseBody, reconcileHeld, retryDelayMs, versionOf, type ReplayOutcome } from '#sw/replay-rules';
import { requestPersistentStorage, withQuotaRecovery } from './storage.ts';
import { isControlled, onWorkerMessage, postToWorker, requestWorkerReport } from './sw-bridge.ts';

/*
 * The outbox: queued changes as data (ARCHITECTURE.md "Write"). A feature's mutation hook calls `enqueue`, which
 * writes the optimistic change and a pendingMutations row in one Dexie transaction; the row's key, created before
 * the first send, travels as the Idempotency-Key. Rows are sent one at a time per entity, oldest first, so that a
 * later change is rebased on the version the earlier one produced. The service worker keeps a change whose send
 * failed (202 "queued") and replays it with the same rules (sw/replay-rules.ts); without a service worker the
 * outbox retries by itself with back-off. Offline: changes stay in Dexie (and in the worker's queue) until online.
 *
 * The page is the one source of truth for the order of changes, and delivery is idempotent end to end: a row's
 * body never changes once sent (only never-sent rows are rebased), so the same key may reach the server several
 * times (the worker's copy, the page's re-send) and is applied once. At start, when back online and on a back-off
 * while the worker holds changes, the page asks the worker to replay and report what it holds and what it saw
 * (a message round trip), settles the reported outcomes and re-sends what the worker neither holds nor answered.
 */

export type MutationPayload = { endpoint: EndpointName; params: Record<string, string | number>; body: unknown };

/** What a feature tells the outbox about one type of change. Functions, never stored: the row stays data. */
export type MutationHandler = {
  /** Tables the optimistic write and the rollback touch. */
  tables: () => Table[];
  /** The optimistic local write; returns the previous state, kept to roll a rejected change back. */
  apply: (payload: MutationPayload) => Promise<unknown>;
  /** Restore the previous state of a rejected change (later pending changes of the entity are re-applied). */
  rollback: (payload: MutationPayload, previous: unknown) => Promise<void>;
  /** Write the server's answer when the last pending change of the entity is applied. */
  settle?: (payload: MutationPayload, answer: unknown) => Promise<void>;
  /**
   * An earlier change was applied while later ones still wait: the local row keeps its optimistic values but
   * takes the server's new version, so that a change made now carries the same base as the waiting ones.
   */
  advanceVersion?: (payload: MutationPayload, version: string) => Promise<void>;
  /** After a rejection or a discard: pull the server's truth again (best effort). */
  refresh?: (payload: MutationPayload) => Promise<void>;
  /** Retry of a rejected change: the payload to send now (e.g. rebased on the latest known version). */
  rebase?: (payload: MutationPayload) => Promise<MutationPayload>;
};

const handlers = new Map<string, MutationHandler>();

export const registerMutation = (type: string, handler: MutationHandler): void => {
  handlers.set(type, handler);
};

const handlerOf = (type: string): MutationHandler => {
  const handler = handlers.get(type);
  if (!handler) throw new Error(`no mutation handler registered for ${type}`);
  return handler;
};

const uuid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

const isPayload = (value: unknown): value is MutationPayload =>
  value !== null && typeof value === 'object' && 'endpoint' in value && typeof value.endpoint === 'string';

const payloadOf = (row: PendingMutationRow): MutationPayload => {
  if (!isPayload(row.payload)) throw new Error(`pending change ${row.key} has no payload`);
  return row.payload;
};

let now: () => number = () => Date.now();
/** Tests move the clock. */
export const setOutboxClock = (clock: () => number): void => {
  now = clock;
};

// ---------------------------------------------------------------------------------------------------------------
// Enqueue
// ---------------------------------------------------------------------------------------------------------------

export type EnqueueInput = {
  type: string;
  entity: string;
  endpoint: EndpointName;
  params?: Record<string, string | number>;
  body: unknown;
};

/**
 * Record a change: optimistic write + pending row in one transaction, then try to send it. Resolves with the
 * change's key once it is stored (not when it reaches the server). Offline: stored, sent when back online.
 */
export const enqueue = async (input: EnqueueInput): Promise<string> => {
  const handler = handlerOf(input.type);
  const session = await db.session.get('current');
  const key = uuid();
  let payload: MutationPayload = { endpoint: input.endpoint, params: input.params ?? {}, body: input.body };
  await withQuotaRecovery(() =>
    db.transaction('rw', [db.pendingMutations, ...handler.tables()], async () => {
      const previous = await handler.apply(payload);
      // After a first request of this transaction, so after any settle that was committing when it was opened
      // (the callback's synchronous start runs before IndexedDB lets the transaction begin): a screen that had not
      // re-rendered yet sent the version our own applied change replaced; the change is on top of that one.
      const base = versionOf(payload.body);
      const chain = supersededVersions.get(input.entity);
      if (base !== undefined && chain) payload = { ...payload, body: rebaseBody(payload.body, base, latestVersion(base, chain)) };
      const row: PendingMutationRow = {
        key,
        type: input.type,
        payload,
        createdAt: now(),
        state: 'pending',
        attempts: 0,
        error: null,
        rollback: previous,
        entity: input.entity,
        ...(session ? { userGuid: session.userGuid } : {}),
      };
      await db.pendingMutations.put(row);
    }),
  );
  void flush();
  return key;
};

// ---------------------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------------------

/** Per entity, the versions this page's own applied changes replaced (from → to), for `enqueue`. */
const supersededVersions = new Map<string, Map<string, string>>();

/** A row whose body may still change: never sent. A sent body is bound to its key on the server (422 otherwise). */
const isUnsent = (row: PendingMutationRow): boolean => row.state === 'pending' && row.attempts === 0;

type Answer = { status: number; code?: string; message?: string; fields?: { field: string; message: string }[]; body?: unknown };

/** The entity's other changes still waiting (whatever their age: results may come back out of order). */
const laterRowsOf = async (row: PendingMutationRow): Promise<PendingMutationRow[]> =>
  (await db.pendingMutations.orderBy('createdAt').toArray()).filter(
    (other) => other.key !== row.key && other.entity === row.entity && other.state !== 'rejected',
  );

const settleApplied = async (row: PendingMutationRow, body: unknown): Promise<void> => {
  const handler = handlerOf(row.type);
  const payload = payloadOf(row);
  const from = versionOf(payload.body);
  const to = versionOf(body);
  // Inside the transaction: a change enqueued meanwhile is either seen here or written after this settles.
  await db.transaction('rw', [db.pendingMutations, ...handler.tables()], async () => {
    const later = await laterRowsOf(row);
    await db.pendingMutations.delete(row.key);
    // Later changes made on top of this one carried the same base version: move them onto the new one.
    if (from !== undefined && to !== undefined && from !== to) {
      const entity = row.entity ?? row.key;
      const chain = supersededVersions.get(entity) ?? new Map<string, string>();
      chain.set(from, to);
      supersededVersions.set(entity, chain);
      for (const next of later) {
        if (!isUnsent(next)) continue;
        const nextPayload = payloadOf(next);
        const rebased = rebaseBody(nextPayload.body, from, to);
        if (rebased !== nextPayload.body) await db.pendingMutations.update(next.key, { payload: { ...nextPayload, body: rebased } });
      }
    }
    // The server's truth replaces the optimistic state only when no later change of the entity is still pending.
    if (later.length === 0 && handler.settle) await handler.settle(payload, body);
    else if (later.length > 0 && to !== undefined && handler.advanceVersion) await handler.advanceVersion(payload, to);
  });
};

/**
 * A pull just wrote the server's copy of `entity`: put the user's changes that the server has not answered yet
 * back on top of it, oldest first, and make the fresh copy their rollback point, so that a refresh never shows
 * older values than the user typed (ARCHITECTURE.md "Write": the user loses nothing). Runs inside the pull's
 * transaction, which must include `pendingMutations` and the handler's tables. Offline: local only.
 */
export const reapplyPending = async (entity: string): Promise<void> => {
  const waiting = (await db.pendingMutations.orderBy('createdAt').toArray()).filter(
    (row) => row.entity === entity && row.state !== 'rejected' && row.state !== 'applied' && handlers.has(row.type),
  );
  for (const row of waiting) {
    const previous = await handlerOf(row.type).apply(payloadOf(row));
    await db.pendingMutations.update(row.key, { rollback: previous });
  }
};

const settleRejected = async (row: PendingMutationRow, answer: Answer): Promise<void> => {
  const handler = handlerOf(row.type);
  const payload = payloadOf(row);
  await db.transaction('rw', [db.pendingMutations, ...handler.tables()], async () => {
    const later = await laterRowsOf(row);
    await db.pendingMutations.update(row.key, {
      state: 'rejected',
      error: { status: answer.status, code: answer.code ?? 'serverError', message: answer.message ?? '' },
    });
    // Roll back to the state before this change, then re-apply the later pending changes on top of it.
    await handler.rollback(payload, row.rollback);
    for (const next of later) await handler.apply(payloadOf(next));
  });
  if (handler.refresh) await handler.refresh(payload).catch(() => undefined);
};

const applyOutcome = async (
  row: PendingMutationRow,
  outcome: ReplayOutcome,
  answer: Answer,
): Promise<'continue' | 'stop-entity' | 'stop-all'> => {
  switch (outcome) {
    case 'applied':
      await settleApplied(row, answer.body);
      return 'continue';
    case 'needs-auth':
      await db.pendingMutations.update(row.key, { state: 'needs-auth' });
      for (const listener of needsAuthListeners) listener();
      return 'stop-all';
    case 'rejected':
      await settleRejected(row, answer);
      return 'continue';
    case 'retry': {
      const attempts = row.attempts + 1;
      await db.pendingMutations.update(row.key, { state: 'pending', attempts, nextAttemptAt: now() + retryDelayMs(attempts) });
      scheduleRetry(retryDelayMs(attempts));
      return 'stop-entity';
    }
  }
};

const answerOfError = (error: unknown): Answer => {
  if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message, fields: error.fields };
  return { status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
};

// ---------------------------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------------------------

/** Keys handed to the service worker by this page: their result comes back as a message. */
const heldByWorker = new Set<string>();
let flushing: Promise<void> | null = null;
let lock: Promise<void> = Promise.resolve();
/** One thing at a time touches the queue's order: a flush, or a result coming back from the worker. */
const exclusive = (work: () => Promise<void>): Promise<void> => {
  const run = lock.then(work);
  lock = run.catch(() => undefined);
  return run;
};
let flushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

const scheduleRetry = (delayMs: number) => {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flush();
  }, delayMs);
};

const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

const send = async (row: PendingMutationRow): Promise<'continue' | 'stop-entity' | 'stop-all'> => {
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
    return applyOutcome(row, classifyReplay(answer.status, answer.code), answer);
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
    const entity = row.entity ?? row.key;
    if (blocked.has(entity)) continue;
    if (row.state === 'rejected' || row.state === 'applied') continue;
    // A type this build does not know (an older app's row): left for the build that knows it.
    if (!handlers.has(row.type)) continue;
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

// ---------------------------------------------------------------------------------------------------------------
// Results coming back from the service worker
// ---------------------------------------------------------------------------------------------------------------

const errorFields = (body: unknown): Omit<Answer, 'status'> => {
  if (body === null || typeof body !== 'object') return {};
  const b = body as { code?: unknown; message?: unknown; fields?: unknown };
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

// ---------------------------------------------------------------------------------------------------------------
// Reconciling with the worker (start, back online, back-off while it holds changes)
// ---------------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------------
// User actions and re-authentication
// ---------------------------------------------------------------------------------------------------------------

const needsAuthListeners = new Set<() => void>();
/** A replayed change met 401/419: the pages are asked to renew the session. */
export const onNeedsAuth = (listener: () => void): (() => void) => {
  needsAuthListeners.add(listener);
  return () => needsAuthListeners.delete(listener);
};

/**
 * Call after any successful login, PIN login or renew-access: changes kept for re-authentication ('needs-auth')
 * are sent again, by the outbox and by the service worker's queue. Changes of another user are discarded.
 */
export const resumeAfterAuth = async (): Promise<void> => {
  const session = await db.session.get('current');
  if (!session) return;
  const waiting = await db.pendingMutations.where('state').equals('needs-auth').toArray();
  for (const row of waiting) {
    if (row.userGuid !== undefined && row.userGuid !== session.userGuid) await db.pendingMutations.delete(row.key);
    else {
      heldByWorker.delete(row.key);
      await db.pendingMutations.update(row.key, { state: 'pending', nextAttemptAt: 0 });
    }
  }
  await reconcileWithWorker();
};

/** Send a rejected change again (rebased on the latest known version), under a new key. */
export const retryMutation = async (key: string): Promise<void> => {
  const row = await db.pendingMutations.get(key);
  if (!row || row.state !== 'rejected') return;
  const handler = handlerOf(row.type);
  const payload = handler.rebase ? await handler.rebase(payloadOf(row)) : payloadOf(row);
  await db.transaction('rw', [db.pendingMutations, ...handler.tables()], async () => {
    const previous = await handler.apply(payload);
    await db.pendingMutations.delete(key);
    await db.pendingMutations.put({
      ...row,
      key: uuid(),
      payload,
      createdAt: now(),
      state: 'pending',
      attempts: 0,
      error: null,
      rollback: previous,
      nextAttemptAt: 0,
    });
  });
  await flush();
};

/** Give a rejected change up: the server's truth stays. */
export const discardMutation = async (key: string): Promise<void> => {
  const row = await db.pendingMutations.get(key);
  if (!row) return;
  await db.pendingMutations.delete(key);
  const handler = handlers.get(row.type);
  if (handler?.refresh && isPayload(row.payload)) await handler.refresh(row.payload).catch(() => undefined);
};

/** How many changes have not reached the server yet (rejected ones included: they wait for the user). */
export const countPending = async (): Promise<number> => db.pendingMutations.count();

// ---------------------------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------------------------

let started = false;

/**
 * App start: send what is waiting (browsers without Background Sync replay here), listen for the worker's
 * results, for 'online', and for a new login (re-authentication resumes replay).
 */
export const startOutbox = (): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  onWorkerMessage((message) => void handleWorkerMessage(message));
  window.addEventListener('online', () => {
    // Back online: start the worker's back-off afresh, the network is there now.
    workerChecks = 0;
    if (workerCheckTimer !== null) clearTimeout(workerCheckTimer);
    workerCheckTimer = null;
    void reconcileWithWorker();
  });
  let lastLogin: number | null | undefined;
  liveQuery(() => db.session.get('current')).subscribe({
    next: (session) => {
      const login = session?.loggedInAt ?? null;
      // A new login (or renewal) after the one this page started with: re-authentication happened.
      if (lastLogin !== undefined && login !== null && login !== lastLogin) void resumeAfterAuth();
      // Persistent storage is asked once a user is logged in (an anonymous visitor has nothing to keep).
      if (login !== null && login !== lastLogin) void requestPersistentStorage();
      lastLogin = login;
    },
  });
  // Learn what the worker holds before sending anything, so that its changes are not sent twice for nothing.
  void reconcileWithWorker();
};
