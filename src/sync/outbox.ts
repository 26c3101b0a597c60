/*
 * The outbox: queued changes as data (docs/architecture.md "Writing: queued mutations"). Its public face; the sections live in outbox/:
 *   mutation.ts      what a feature declares about a type of change (`defineMutation`)
 *   registry.ts      where a stored change's type is found (`<type>.mutation.ts` in a feature's data/), lazily
 *   enqueue.ts       optimistic write + pending row in one transaction
 *   send.ts          one change at a time per entity, oldest first; back-off without a service worker
 *   settle.ts        applied / rejected / needs re-authentication
 *   version-chain.ts rebasing later changes of an entity onto the version an earlier one produced
 *   worker-sync.ts   results and reports from the service worker's background-sync queue
 *   overlay.ts       pulls put waiting changes back on top of the fresh copy
 *   user-actions.ts  retry, discard, resume after login
 *   start.ts         app start
 * Offline: changes stay in Dexie (and in the worker's queue) until online.
 */

export { defineMutation, type MutationPayload } from './outbox/mutation.ts';
export { enqueue } from './outbox/enqueue.ts';
export { flush } from './outbox/send.ts';
export { discardMutation, resumeAfterAuth, retryMutation } from './outbox/user-actions.ts';
export { mutationLabel } from './outbox/registry.ts';
export { startOutbox } from './outbox/start.ts';
