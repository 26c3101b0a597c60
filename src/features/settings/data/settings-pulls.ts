import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { pull, type PullResult } from '#sync/pull';

/*
 * The settings area's pulls: a line's settings, the alert grid, the messages sent, the holder's consents. Each
 * writes its rows and its fetch time in one transaction (sync/pull.ts); waiting changes are put back on top.
 * Offline: the call fails and the last stored rows stay on screen with their age.
 */

// A line's settings: shared with the travel guide (src/data/line-settings-pull.ts).
export { pullLineSettings } from '#data/line-settings-pull';

export const pullNotifications = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.notifications(customerId),
    force: options.force ?? false,
    tables: [db.notificationSettings],
    fetch: () => call(endpoints.notifications, { params: { customerId } }),
    write: async ({ settings }) => {
      await db.notificationSettings.where('customerId').equals(customerId).delete();
      await db.notificationSettings.bulkPut(settings.map((s) => ({ ...s, customerId })));
    },
  });

export const pullSentNotifications = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.sentNotifications(customerId),
    force: options.force ?? false,
    tables: [db.sentNotifications],
    fetch: () => call(endpoints.sentNotifications, { params: { customerId } }),
    write: async ({ notifications }) => {
      await db.sentNotifications.where('customerId').equals(customerId).delete();
      await db.sentNotifications.bulkPut(notifications.map((n) => ({ ...n, customerId })));
    },
  });

export const pullPrivacy = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.privacy(customerId),
    force: options.force ?? false,
    tables: [db.privacySettings],
    fetch: () => call(endpoints.privacy, { params: { customerId } }),
    write: async (answer) => {
      await db.privacySettings.put({ ...answer, customerId });
    },
  });
