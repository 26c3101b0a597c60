import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { settingsAccess } from '#contract/line-settings';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContactRow, ContractRow, InvoicingRow, LineSettingsRow, PendingMutationRow, PrivacyRow, SessionRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { privacyEntity } from './privacy.mutation.ts';
import { readVisibleLines } from './selected-line.ts';
import { pullLineSettings, pullPrivacy } from './settings-pulls.ts';

export type WaitingChange = Pick<PendingMutationRow, 'key' | 'state' | 'entity' | 'error' | 'createdAt'>;

export type SettingsPageData = {
  session: SessionRow;
  customerId: number;
  /** A plain user reads its line and is told to ask the holder (docs/product/settings.md "Which lines can change"). */
  canEdit: boolean;
  isPlain: boolean;
  contact: ContactRow | undefined;
  invoicing: InvoicingRow | undefined;
  contracts: ContractRow[];
  contract: ContractRow | undefined;
  line: LineSettingsRow | undefined;
  privacy: PrivacyRow | undefined;
  customerFetchedAt: number | undefined;
  lineFetchedAt: number | undefined;
  /** This device's changes of the line and of the consents that the server has not answered yet, or refused. */
  waiting: WaitingChange[];
};

/** A server change still waiting to apply: pull again once its instant has passed (a few seconds late: the job runs every 30 s). */
const APPLY_GRACE_MS = 5_000;

/**
 * /settings/main's data from Dexie: the profile, the selected line's settings and the holder's consents. Pulls what
 * is older than 15 minutes, and the line again when one of its changes is due, so a change shows as applied without
 * a reload. Offline: everything stored, with its age; changes are queued.
 */
export const useSettingsPage = () => {
  const result: LiveResult<SettingsPageData | null> = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const { contracts, selected } = await readVisibleLines(session, customerId);
      const [contact, invoicing, line, privacy, customerMeta, lineMeta, rows] = await Promise.all([
        db.contacts.get(customerId),
        db.invoicing.get(customerId),
        selected ? db.lineSettings.get(selected.id) : undefined,
        db.privacySettings.get(customerId),
        db.meta.get(resourceKeys.customer(customerId)),
        selected ? db.meta.get(resourceKeys.lineSettings(customerId, selected.id)) : undefined,
        db.pendingMutations.orderBy('createdAt').toArray(),
      ]);
      const entities = new Set([privacyEntity(customerId)]);
      const lineEntities = selected ? `line:${selected.id}:` : null;
      const waiting = rows
        .filter((row) => row.entity !== undefined && (entities.has(row.entity) || (lineEntities !== null && row.entity.startsWith(lineEntities))))
        .map(({ key, state, entity, error, createdAt }) => ({ key, state, entity, error, createdAt }));
      return {
        data: {
          session,
          customerId,
          canEdit: settingsAccess(session.role, 'line') === 'edit',
          isPlain: isPlainUser(session),
          contact,
          invoicing,
          contracts,
          contract: selected,
          line,
          privacy,
          customerFetchedAt: customerMeta?.fetchedAt,
          lineFetchedAt: lineMeta?.fetchedAt,
          waiting,
        },
      };
    }, []),
  );

  const data = result.status === 'ready' ? result.data : null;
  const customerId = data?.customerId ?? null;
  const contractId = data?.contract?.id ?? null;
  const customer = usePull(customerId === null ? null : [customerId], pullCustomer);
  const line = usePull(customerId === null || contractId === null ? null : [customerId, contractId], pullLineSettings);
  const privacy = usePull(customerId === null || data?.isPlain !== false ? null : [customerId], pullPrivacy);

  // The next instant a waiting change of the line applies on the server: then its new value is pulled.
  const nextApply = (data?.line?.changes ?? [])
    .filter((c) => c.id > 0 && (c.status === 'PENDING' || c.status === 'QUEUED') && c.applyAt !== '')
    .map((c) => Date.parse(c.applyAt))
    .reduce((min, at) => Math.min(min, at), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (customerId === null || contractId === null || !Number.isFinite(nextApply)) return;
    const timer = window.setTimeout(
      () => void pullLineSettings(customerId, contractId, { force: true }).catch(() => undefined),
      Math.max(0, nextApply - Date.now()) + APPLY_GRACE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [customerId, contractId, nextApply]);

  const refresh = async (): Promise<void> => {
    await Promise.all([customer.refresh(), line.refresh(), privacy.refresh()]);
  };
  return { result, refresh, refreshError: customer.refreshError ?? line.refreshError ?? null, lineRefreshError: line.refreshError };
};
