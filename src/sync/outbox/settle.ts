import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { versionOf, type ReplayOutcome } from '#sw/replay-rules';
import { requireMutation } from './registry.ts';
import { entityOf, laterRowsOf, payloadOf, type Answer } from './state.ts';
import { rebaseLaterRows, recordSuperseded } from './version-chain.ts';

/*
 * Settling a change once the server (or the service worker on its behalf) answered: applied, rejected, or kept
 * for re-authentication. The outcome of an answer comes from sw/replay-rules.ts (`classifyReplay`); a change to
 * retry is the sender's business (send.ts), never settled here. Each settlement is one Dexie transaction over the
 * queue and the tables the change's type declares, so a view never sees half of it.
 */

/** What the queue does next after one row: go on, skip the entity's later rows, or stop everything. */
export type Next = 'continue' | 'stop-entity' | 'stop-all';

/**
 * Applied: the row goes. Later changes of the entity made on top of it move onto the version the server answered;
 * the server's answer replaces the optimistic state only when no later change of the entity still waits.
 */
export const settleApplied = async (row: PendingMutationRow, body: unknown): Promise<void> => {
  const mutation = await requireMutation(row.type);
  const payload = payloadOf(row);
  const from = versionOf(payload.body);
  const to = versionOf(body);
  // Inside the transaction: a change enqueued meanwhile is either seen here or written after this settles.
  await db.transaction('rw', [db.pendingMutations, ...mutation.tables()], async () => {
    const later = await laterRowsOf(row);
    await db.pendingMutations.delete(row.key);
    if (from !== undefined && to !== undefined && from !== to) {
      recordSuperseded(entityOf(row), from, to);
      await rebaseLaterRows(later, from, to);
    }
    if (later.length === 0 && mutation.settle) await mutation.settle(payload, body);
    else if (later.length > 0 && to !== undefined && mutation.advanceVersion) await mutation.advanceVersion(payload, to);
  });
};

/**
 * Rejected: the row stays, marked with the server's message, for the user to retry or discard (never dropped
 * silently). The local data goes back to the state before this change, with the entity's later waiting changes
 * re-applied on top; then the server's truth is pulled again (best effort).
 */
export const settleRejected = async (row: PendingMutationRow, answer: Answer): Promise<void> => {
  const mutation = await requireMutation(row.type);
  const payload = payloadOf(row);
  await db.transaction('rw', [db.pendingMutations, ...mutation.tables()], async () => {
    const later = await laterRowsOf(row);
    await db.pendingMutations.update(row.key, {
      state: 'rejected',
      error: {
        status: answer.status,
        code: answer.code ?? 'serverError',
        message: answer.message ?? '',
        // The fields at fault of a 400, so that the screen of the change can say which value the server refused.
        ...(answer.fields && answer.fields.length > 0 ? { fields: answer.fields } : {}),
      },
    });
    await mutation.rollback(payload, row.rollback);
    for (const next of later) await mutation.apply(payloadOf(next));
  });
  if (mutation.refresh) await mutation.refresh(payload).catch(() => undefined);
};

/** Settle one row with an outcome that is not a retry. */
export const applyOutcome = async (row: PendingMutationRow, outcome: Exclude<ReplayOutcome, 'retry'>, answer: Answer): Promise<Next> => {
  switch (outcome) {
    case 'applied':
      await settleApplied(row, answer.body);
      return 'continue';
    case 'needs-auth':
      // Kept as it is; sent again after the next login (user-actions.ts resumeAfterAuth).
      await db.pendingMutations.update(row.key, { state: 'needs-auth' });
      return 'stop-all';
    case 'rejected':
      await settleRejected(row, answer);
      return 'continue';
  }
};
