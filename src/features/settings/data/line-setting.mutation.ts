import type { SettingResource } from '#contract/line-settings';
import { settingChangeSchema, type SettingChange } from '#contract/settings';
import { db } from '#db/db';
import { defineMutation, enqueue, type MutationPayload } from '#sync/outbox';
import { addLocalChange, lineEntity, refreshLine, removeLocalChange, settleLocalChange } from './line-changes.ts';

/*
 * A setting of a line (POST …/settings: roaming zone, data throttling, premium blocking, international barring), a
 * queued change ordered by the server as a SETTING order line: roaming within 4 hours, the others within 2 minutes.
 * Found by its file name.
 */

const contractIdOf = (payload: MutationPayload<'settingChange'>): number => Number(payload.params.contractId);

/** The value as the order line writes it: enum values, `0`/`1` for international barring. */
export const settingValue = (body: SettingChange): string =>
  body.resource === 'INTERNATIONAL_BARRING' ? (body.value ? '1' : '0') : body.value;

export const mutation = defineMutation({
  type: 'line-setting',
  label: 'settings:line.pendingLabel',
  endpoint: 'settingChange',
  tables: () => [db.lineSettings],
  apply: (payload) => addLocalChange(contractIdOf(payload), payload.body.resource, settingValue(payload.body)),
  rollback: (payload) => removeLocalChange(contractIdOf(payload), payload.body.resource, settingValue(payload.body)),
  settle: (payload, answer) =>
    settleLocalChange(contractIdOf(payload), payload.body.resource, settingValue(payload.body), answer),
  refresh: (payload) => refreshLine(Number(payload.params.customerId), contractIdOf(payload)),
});

/**
 * Ask for a new setting, given as the order line writes it (`settingValue`). Offline: kept on this device and sent
 * when back online.
 */
export const requestSettingChange = async (customerId: number, contractId: number, resource: SettingResource, value: string): Promise<void> => {
  const change: SettingChange = settingChangeSchema.parse({ resource, value: resource === 'INTERNATIONAL_BARRING' ? value === '1' : value });
  await enqueue(mutation, { entity: lineEntity(contractId, change.resource), params: { customerId, contractId }, body: change });
};
