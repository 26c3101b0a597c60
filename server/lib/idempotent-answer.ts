import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/engine.ts';

/*
 * The answer of a change, committed with the change (docs/decisions/0013-idempotent-answer-in-the-transaction.md).
 * A request that carries an Idempotency-Key and applies a change states its answer inside the change's transaction
 * (`answered`): the key's row then holds the answer in the same commit as the change, so a retry after any crash
 * (between the commit and the answer's sending, the instance killed) gets that answer, marked as a replay, and never
 * applies the change a second time. Without a key (or outside a request) it only returns the answer.
 */

/** What the idempotency plugin gives the request that owns a key: how to write the answer on the key's row. */
export type OwnedKey = {
  reply: FastifyReply;
  /** Writes the answer (status, serialized body) on the key's row in `tx`, while the row is still this request's. */
  store: (tx: Db, status: number, body: string) => Promise<void>;
};

const ownedKey = new AsyncLocalStorage<OwnedKey>();

/** Runs the rest of a request (its handler) with the key it owns (the idempotency plugin). */
export const runWithOwnedKey = (owned: OwnedKey, next: () => void): void => ownedKey.run(owned, next);

/**
 * Returns `answer` after writing it, serialized as the route answers it, on the request's idempotency key in the
 * transaction `tx`: call it last in the change's transaction, with what the handler then returns.
 */
export const answered = async <T>(tx: Db, answer: T): Promise<T> => {
  const owned = ownedKey.getStore();
  if (!owned) return answer;
  const { reply } = owned;
  const body = answer === undefined ? '' : reply.serialize(answer);
  // JSON routes serialize to text (plugins/zod-validation.ts).
  await owned.store(tx, reply.statusCode, typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8'));
  return answer;
};
