import { notificationSettingsSchema } from '#contract/settings';
import { db } from '#db/db';
import { defineMutation, enqueue, type MutationPayload } from '#sync/outbox';
import { pullNotifications } from './settings-pulls.ts';

/*
 * One toggle of the alert grid (PATCH …/notifications with one setting), a queued change: the box changes at once,
 * the server when online, once (Idempotency-Key). Found by its file name.
 */

export const notificationEntity = (settingId: number): string => `notification:${settingId}`;

const changeOf = (payload: MutationPayload<'patchNotifications'>): { id: number; active: boolean } | undefined => payload.body.settings[0];

export const mutation = defineMutation({
  type: 'notification',
  label: 'settings:alerts.pendingLabel',
  endpoint: 'patchNotifications',
  tables: () => [db.notificationSettings],
  apply: async (payload) => {
    const change = changeOf(payload);
    if (!change) return null;
    const previous = await db.notificationSettings.get(change.id);
    if (previous) await db.notificationSettings.update(change.id, { active: change.active });
    return previous?.active ?? null;
  },
  rollback: async (payload, previous) => {
    const change = changeOf(payload);
    if (change && typeof previous === 'boolean') await db.notificationSettings.update(change.id, { active: previous });
  },
  // Only this cell takes the server's answer: other cells may still wait for their own change.
  settle: async (payload, answer) => {
    const change = changeOf(payload);
    const parsed = notificationSettingsSchema.safeParse(answer);
    const fromServer = parsed.success ? parsed.data.settings.find((s) => s.id === change?.id) : undefined;
    if (fromServer) await db.notificationSettings.update(fromServer.id, { active: fromServer.active });
  },
  refresh: async (payload) => {
    await pullNotifications(Number(payload.params.customerId), { force: true });
  },
});

/** Turn one alert on or off. Offline: kept on this device and sent when back online. */
export const setAlert = async (customerId: number, settingId: number, active: boolean): Promise<void> => {
  await enqueue(mutation, { entity: notificationEntity(settingId), params: { customerId }, body: { settings: [{ id: settingId, active }] } });
};
