import type { Table } from 'dexie';
import type { z } from 'zod';
import type { EndpointName, endpoints } from '#contract/endpoints';

/*
 * What a feature declares about one type of queued change (docs/architecture.md "Writing: queued mutations"), in its own data/ folder, in a
 * file named after the type: `src/features/<area>/data/<type>.mutation.ts` exporting `mutation`. The outbox finds
 * it by that name (registry.ts) when a stored change of the type has to be settled, so a feature adds a type
 * without touching sync/ or app/. The change itself stays data (endpoint, params, body) so it survives a reload;
 * the functions here are code and are never stored.
 */

/** The endpoints the contract marks `queued: true`: only those go through the outbox. */
export type QueuedEndpointName = { [N in EndpointName]: (typeof endpoints)[N] extends { queued: true } ? N : never }[EndpointName];

/** The request body an endpoint takes (what the form sends, before the schema's defaults). */
export type BodyOf<N extends EndpointName> = (typeof endpoints)[N] extends { body: infer S extends z.ZodType } ? z.input<S> : never;

/** A stored change: which endpoint, its path parameters and its body. */
export type MutationPayload<N extends EndpointName = QueuedEndpointName> = {
  endpoint: N;
  params: Record<string, string | number>;
  body: BodyOf<N>;
};

/**
 * One type of queued change. Methods (not arrow properties) so that a declaration for one endpoint is also a
 * declaration in the registry's general sense.
 */
export type MutationDeclaration<N extends QueuedEndpointName = QueuedEndpointName> = {
  /** Stored in each pending row; must equal the file name (`contact.mutation.ts` → `contact`). Never rename it. */
  type: string;
  /** Translation key (`<namespace>:<key>`) of the change's name in the pending-changes panel. */
  label: string;
  /** The contract endpoint that applies the change on the server. */
  endpoint: N;
  /** Tables the optimistic write and the rollback touch. */
  tables(): Table[];
  /** The optimistic local write; returns the previous state, kept to roll a rejected change back. */
  apply(payload: MutationPayload<N>): Promise<unknown>;
  /** Restore the previous state of a rejected change (later pending changes of the entity are re-applied). */
  rollback(payload: MutationPayload<N>, previous: unknown): Promise<void>;
  /** Write the server's answer when the last pending change of the entity is applied. */
  settle?(payload: MutationPayload<N>, answer: unknown): Promise<void>;
  /**
   * An earlier change was applied while later ones still wait: the local row keeps its optimistic values but
   * takes the server's new version, so that a change made now carries the same base as the waiting ones.
   */
  advanceVersion?(payload: MutationPayload<N>, version: string): Promise<void>;
  /** After a rejection or a discard: pull the server's truth again (best effort). */
  refresh?(payload: MutationPayload<N>): Promise<void>;
  /** Retry of a rejected change: the payload to send now (e.g. rebased on the latest known version). */
  rebase?(payload: MutationPayload<N>): Promise<MutationPayload<N>>;
};

/** Declare a type of queued change (checks the shape against its endpoint's body at compile time). */
export const defineMutation = <N extends QueuedEndpointName>(mutation: MutationDeclaration<N>): MutationDeclaration<N> => mutation;
