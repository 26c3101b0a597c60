import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { withQuotaRecovery } from '../storage.ts';
import type { BodyOf, MutationDeclaration, MutationPayload, QueuedEndpointName } from './mutation.ts';
import { registerMutation } from './registry.ts';
import { flush } from './send.ts';
import { newKey, nextCreatedAt } from './state.ts';
import { rebaseOnChain } from './version-chain.ts';

/*
 * Recording a change: the feature's mutation calls `enqueue` with its declaration, which writes the optimistic
 * change and a pendingMutations row in one Dexie transaction, then tries to send it. The row is data (type,
 * endpoint, params, body), never a closure, so it survives a reload and is replayed by whichever page starts next.
 */

export type EnqueueInput<N extends QueuedEndpointName> = {
  /** What the change is about (`contact:12`): changes to one entity are sent one after the other. */
  entity: string;
  params?: Record<string, string | number>;
  body: BodyOf<N>;
};

/**
 * Record a change: optimistic write + pending row in one transaction, then try to send it. Resolves with the
 * change's key once it is stored (not when it reaches the server). Offline: stored, sent when back online.
 */
export const enqueue = async <N extends QueuedEndpointName>(mutation: MutationDeclaration<N>, input: EnqueueInput<N>): Promise<string> => {
  registerMutation(mutation);
  const session = await db.session.get('current');
  const key = newKey();
  let payload: MutationPayload<N> = { endpoint: mutation.endpoint, params: input.params ?? {}, body: input.body };
  await withQuotaRecovery(() =>
    db.transaction('rw', [db.pendingMutations, ...mutation.tables()], async () => {
      const previous = await mutation.apply(payload);
      // After a first request of this transaction, so after any settle that was committing when it was opened
      // (the callback's synchronous start runs before IndexedDB lets the transaction begin): a screen that had not
      // re-rendered yet sent the version our own applied change replaced; the change is on top of that one.
      payload = { ...payload, body: rebaseOnChain(input.entity, payload.body) as BodyOf<N> };
      const row: PendingMutationRow = {
        key,
        type: mutation.type,
        payload,
        createdAt: nextCreatedAt(),
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
