import type { LineChangeRow } from '#db/schema';
import { lineEntity } from './line-changes.ts';

/*
 * What the settings screen says under a setting about its latest change (docs/product/settings.md
 * "Line changes and when they apply": shown as pending until the server's scheduler applies it): still on this
 * device, refused by the server, requested and waiting for its instant, applied, or failed. Pure: tested as a table.
 */

export type ChangeNote =
  | { kind: 'onDevice'; value: string }
  | { kind: 'refused'; code: string }
  | { kind: 'requested'; value: string; applyAt: string }
  | { kind: 'applied'; value: string; at: string }
  | { kind: 'failed'; value: string };

export type WaitingSummary = { entity?: string | undefined; state: string; createdAt: number; error?: { code: string } | null | undefined };

export const changeNoteOf = (
  changes: readonly LineChangeRow[],
  waiting: readonly WaitingSummary[],
  contractId: number,
  resource: string,
): ChangeNote | null => {
  const refused = waiting.filter((w) => w.entity === lineEntity(contractId, resource) && w.state === 'rejected').at(-1);
  const latest = changes.filter((c) => c.resource === resource && c.status !== 'CANCELED').at(-1);
  if (latest && latest.id < 0) return { kind: 'onDevice', value: latest.newValue };
  // A refusal stays on screen (the pending-changes panel offers retry or discard) until a later change replaces it.
  if (refused && (!latest || Date.parse(latest.createdAt) < refused.createdAt)) return { kind: 'refused', code: refused.error?.code ?? 'serverError' };
  if (!latest) return null;
  switch (latest.status) {
    case 'PENDING':
    case 'QUEUED':
      return { kind: 'requested', value: latest.newValue, applyAt: latest.applyAt };
    case 'SUCCESS':
      return { kind: 'applied', value: latest.newValue, at: latest.executedAt ?? latest.applyAt };
    default:
      return { kind: 'failed', value: latest.newValue };
  }
};
