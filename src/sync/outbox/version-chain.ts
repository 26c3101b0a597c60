import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { latestVersion, rebaseBody, versionOf } from '#sw/replay-rules';
import { isUnsent, payloadOf } from './state.ts';

/*
 * Rebase chains. Changes to one entity are made on top of each other: a change carries the version (`lastUpdate`)
 * its screen showed. When an earlier change is applied, the server answers with a new version; the later changes
 * still waiting (never sent) move onto it, and a change made afterwards from a screen that had not re-rendered yet
 * follows the chain of versions this page replaced. Pure rules in sw/replay-rules.ts; the chain is this page's.
 */

/** Per entity, the versions this page's own applied changes replaced (from → to). */
const supersededVersions = new Map<string, Map<string, string>>();

/** An applied change of `entity` replaced version `from` with `to`. */
export const recordSuperseded = (entity: string, from: string, to: string): void => {
  const chain = supersededVersions.get(entity) ?? new Map<string, string>();
  chain.set(from, to);
  supersededVersions.set(entity, chain);
};

/** A new change's body, based on the newest version of the chain its base belongs to (unchanged otherwise). */
export const rebaseOnChain = (entity: string, body: unknown): unknown => {
  const base = versionOf(body);
  const chain = supersededVersions.get(entity);
  return base !== undefined && chain ? rebaseBody(body, base, latestVersion(base, chain)) : body;
};

/** Move the never-sent rows among `later` from version `from` onto `to` (inside the settling transaction). */
export const rebaseLaterRows = async (later: readonly PendingMutationRow[], from: string, to: string): Promise<void> => {
  for (const next of later) {
    if (!isUnsent(next)) continue;
    const payload = payloadOf(next);
    const rebased = rebaseBody(payload.body, from, to);
    if (rebased !== payload.body) await db.pendingMutations.update(next.key, { payload: { ...payload, body: rebased } });
  }
};
