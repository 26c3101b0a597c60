import { privacyStateSchema } from '#contract/settings';
import { db } from '#db/db';
import type { PrivacyRow } from '#db/schema';
import { defineMutation, enqueue, type MutationPayload } from '#sync/outbox';
import { pullPrivacy } from './settings-pulls.ts';

/*
 * The holder's sales and marketing consents (PATCH …/privacy), a queued change. The server refuses it where the
 * change is forbidden (docs/product/settings.md "Privacy", 403 privacyForbidden): the consents then go back as they
 * were. Found by its file name.
 */

export const privacyEntity = (customerId: number): string => `privacy:${customerId}`;

const customerIdOf = (payload: MutationPayload<'patchPrivacy'>): number => Number(payload.params.customerId);

export const mutation = defineMutation({
  type: 'privacy',
  label: 'settings:privacy.pendingLabel',
  endpoint: 'patchPrivacy',
  tables: () => [db.privacySettings],
  apply: async (payload) => {
    const previous = await db.privacySettings.get(customerIdOf(payload));
    if (previous) await db.privacySettings.put({ ...previous, sales: payload.body.sales, marketing: payload.body.marketing });
    return previous ?? null;
  },
  rollback: async (_payload, previous) => {
    if (previous) await db.privacySettings.put(previous as PrivacyRow);
  },
  settle: async (payload, answer) => {
    const parsed = privacyStateSchema.safeParse(answer);
    if (parsed.success) await db.privacySettings.put({ ...parsed.data, customerId: customerIdOf(payload) });
  },
  refresh: async (payload) => {
    await pullPrivacy(customerIdOf(payload), { force: true });
  },
});

/** Save both consents. Offline: kept on this device and sent when back online. */
export const savePrivacy = async (customerId: number, values: { sales: boolean; marketing: boolean }): Promise<void> => {
  await enqueue(mutation, { entity: privacyEntity(customerId), params: { customerId }, body: values });
};
