import { useLiveQuery } from 'dexie-react-hooks';
import { settingsAccess } from '#contract/line-settings';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, NotificationSettingRow, SentNotificationRow } from '#db/schema';
import { compareCodeUnits } from '#lib/compare';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { notificationEntity } from './notification.mutation.ts';
import { readVisibleLines } from './selected-line.ts';
import { pullNotifications, pullSentNotifications } from './settings-pulls.ts';

export type AlertsData = {
  customerId: number;
  canEdit: boolean;
  isPlain: boolean;
  contracts: ContractRow[];
  contract: ContractRow | undefined;
  /** The selected line's grid. */
  settings: NotificationSettingRow[];
  /** Grid cells with a change not yet answered by the server, and its state. */
  waiting: Record<number, string>;
  sent: SentNotificationRow[];
  fetchedAt: number | undefined;
  sentFetchedAt: number | undefined;
};

/**
 * /settings/alerts' data from Dexie: the alert grid of the selected line and the messages sent, pulled when older
 * than 15 minutes. Offline: the stored grid and list with their age; toggles are queued.
 */
export const useAlerts = () => {
  const result: LiveResult<AlertsData | null> = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const { contracts, selected } = await readVisibleLines(session, customerId);
      const [settings, sent, meta, sentMeta, rows] = await Promise.all([
        selected ? db.notificationSettings.where('contractId').equals(selected.id).toArray() : [],
        db.sentNotifications.where('customerId').equals(customerId).toArray(),
        db.meta.get(resourceKeys.notifications(customerId)),
        db.meta.get(resourceKeys.sentNotifications(customerId)),
        db.pendingMutations.orderBy('createdAt').toArray(),
      ]);
      const waiting: Record<number, string> = {};
      for (const setting of settings) {
        const row = rows.filter((r) => r.entity === notificationEntity(setting.id)).at(-1);
        if (row) waiting[setting.id] = row.state;
      }
      return {
        data: {
          customerId,
          canEdit: settingsAccess(session.role, 'alerts') === 'edit',
          isPlain: isPlainUser(session),
          contracts,
          contract: selected,
          settings,
          waiting,
          sent: sent.toSorted((a, b) => compareCodeUnits(b.sentAt, a.sentAt) || b.id - a.id),
          fetchedAt: meta?.fetchedAt,
          sentFetchedAt: sentMeta?.fetchedAt,
        },
      };
    }, []),
  );
  const customerId = result.status === 'ready' ? (result.data?.customerId ?? null) : null;
  const customer = usePull(customerId === null ? null : [customerId], pullCustomer);
  const grid = usePull(customerId === null ? null : [customerId], pullNotifications);
  const sent = usePull(customerId === null ? null : [customerId], pullSentNotifications);
  const refresh = async (): Promise<void> => {
    await Promise.all([customer.refresh(), grid.refresh(), sent.refresh()]);
  };
  return { result, refresh, refreshError: grid.refreshError ?? sent.refreshError ?? null };
};
