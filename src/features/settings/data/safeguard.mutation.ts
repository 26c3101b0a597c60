import type { SafeguardResource } from '#contract/line-settings';
import { db } from '#db/db';
import { defineMutation, enqueue, type MutationPayload } from '#sync/outbox';
import { addLocalChange, lineEntity, refreshLine, removeLocalChange, settleLocalChange } from './line-changes.ts';

/*
 * A limit or alert threshold of a line (POST …/safeguard: OSG, PSG, DSG with their _LIMIT and _ALERT forms, in
 * cents), a queued change: shown at once as requested, sent now or when back online, applied once by the server
 * (Idempotency-Key), which orders it as a SAFEGUARD order line active within 2 minutes. Found by its file name.
 */

const contractIdOf = (payload: MutationPayload<'safeguardChange'>): number => Number(payload.params.contractId);

export const mutation = defineMutation({
  type: 'safeguard',
  label: 'settings:line.limits.pendingLabel',
  endpoint: 'safeguardChange',
  tables: () => [db.lineSettings],
  apply: (payload) => addLocalChange(contractIdOf(payload), payload.body.type, String(payload.body.amount)),
  rollback: (payload) => removeLocalChange(contractIdOf(payload), payload.body.type, String(payload.body.amount)),
  settle: (payload, answer) => settleLocalChange(contractIdOf(payload), payload.body.type, String(payload.body.amount), answer),
  refresh: (payload) => refreshLine(Number(payload.params.customerId), contractIdOf(payload)),
});

/** Ask for a new limit or alert threshold (cents). Offline: kept on this device and sent when back online. */
export const requestSafeguardChange = async (customerId: number, contractId: number, type: SafeguardResource, cents: number): Promise<void> => {
  await enqueue(mutation, { entity: lineEntity(contractId, type), params: { customerId, contractId }, body: { type, amount: cents } });
};
