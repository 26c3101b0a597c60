import { lineChangeSchema } from '#contract/settings';
import { isSafeguardResource } from '#contract/line-settings';
import { db } from '#db/db';
import type { LineChangeRow } from '#db/schema';
import { pullLineSettings } from './settings-pulls.ts';

/*
 * What the two queued changes of a line (safeguard.mutation.ts, line-setting.mutation.ts) do to the stored line: a
 * change made on this device shows at once as a local entry (negative id) until the server answers with its order
 * line; the line's values themselves change only when the server applies it (docs/product/settings.md
 * "Line changes and when they apply": the network takes up to 2 minutes, or 4 hours for roaming), so the screen never
 * claims a limit that is not active yet.
 */

/** The queue's entity of one setting of one line: its changes go out one after the other. */
export const lineEntity = (contractId: number, resource: string): string => `line:${contractId}:${resource}`;

let localIds = 0;

export const addLocalChange = async (contractId: number, resource: string, newValue: string): Promise<null> => {
  const row = await db.lineSettings.get(contractId);
  if (!row) return null;
  localIds += 1;
  const local: LineChangeRow = {
    id: -(Date.now() * 1000 + (localIds % 1000)),
    orderRef: '',
    kind: isSafeguardResource(resource) ? 'SAFEGUARD' : 'SETTING',
    resource,
    oldValue: null,
    newValue,
    status: 'PENDING',
    createdAt: new Date().toISOString(),
    applyAt: '',
    executedAt: null,
    error: null,
  };
  await db.lineSettings.put({ ...row, changes: [...row.changes, local] });
  return null;
};

const isLocalOf = (change: LineChangeRow, resource: string, newValue: string): boolean =>
  change.id < 0 && change.resource === resource && change.newValue === newValue;

/** A refused change: its local entry goes (the server's truth is pulled again by `refresh`). */
export const removeLocalChange = async (contractId: number, resource: string, newValue: string): Promise<void> => {
  const row = await db.lineSettings.get(contractId);
  if (!row) return;
  const index = row.changes.findIndex((c) => isLocalOf(c, resource, newValue));
  if (index === -1) return;
  await db.lineSettings.put({ ...row, changes: row.changes.filter((_, i) => i !== index) });
};

/**
 * The server's order line replaces the local entry; a waiting change of the same setting that it superseded is
 * cancelled, as the server did. An answer that is not an order line (422 "no update": nothing was ordered) only
 * removes the local entry.
 */
export const settleLocalChange = async (contractId: number, resource: string, newValue: string, answer: unknown): Promise<void> => {
  const parsed = lineChangeSchema.safeParse(answer);
  const row = await db.lineSettings.get(contractId);
  if (!row) return;
  const index = row.changes.findIndex((c) => isLocalOf(c, resource, newValue));
  const rest = row.changes.filter((_, i) => i !== index);
  if (!parsed.success) {
    await db.lineSettings.put({ ...row, changes: rest });
    return;
  }
  const server = parsed.data;
  const changes = rest
    .filter((c) => c.id !== server.id)
    .map((c) => (c.id > 0 && c.resource === resource && (c.status === 'PENDING' || c.status === 'QUEUED') ? { ...c, status: 'CANCELED' as const } : c));
  await db.lineSettings.put({ ...row, changes: [...changes, server] });
};

export const refreshLine = async (customerId: number, contractId: number): Promise<void> => {
  await pullLineSettings(customerId, contractId, { force: true });
};
