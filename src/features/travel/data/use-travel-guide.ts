import { useLiveQuery } from 'dexie-react-hooks';
import { settingsAccess, type RoamingType } from '#contract/line-settings';
import { isPlainUser } from '#contract/roles';
import { isRoamingType } from '#contract/roaming-zones';
import { pullCustomer } from '#data/customer-pull';
import { pullLineSettings } from '#data/line-settings-pull';
import { readForcedContractId, selectedContractKey } from '#data/selected-contract';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { LineChangeRow } from '#db/schema';
import { selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';

/** A change of the roaming zone that the line has not applied yet (it takes up to 4 hours). */
export type PendingZone = { zone: RoamingType; applyAt: string | null };

export type TravelGuideData = {
  customerId: number;
  /** The line the app shows (docs/product/home.md "Which line is shown"), with its number. */
  line: { contractId: number; msisdn: string | null } | null;
  /** Its roaming zone, once its settings are stored (null before their first pull, or for a value this build lacks). */
  zone: RoamingType | null;
  pending: PendingZone | null;
  /** Whether this user may change the zone (docs/product/settings.md "Which lines can change"); else the holder does. */
  canChange: boolean;
  fetchedAt: number | undefined;
  /**
   * Nothing stored yet to draw the guide from: neither the line's settings nor, for want of a line, the customer's
   * answer (a first visit). The page shows one spinner meanwhile rather than a card that grows (issue 41).
   */
  firstLoad: boolean;
};

/** The latest roaming change that waits: made on this device (not answered yet) or requested and not yet applied. */
export const pendingZoneOf = (changes: readonly LineChangeRow[]): PendingZone | null => {
  const latest = changes.filter((change) => change.resource === 'ROAMING' && change.status !== 'CANCELED').at(-1);
  if (!latest || !isRoamingType(latest.newValue)) return null;
  if (latest.id < 0) return { zone: latest.newValue, applyAt: null };
  if (latest.status !== 'PENDING' && latest.status !== 'QUEUED') return null;
  return { zone: latest.newValue, applyAt: latest.applyAt === '' ? null : latest.applyAt };
};

/**
 * The travel guide's data from Dexie: the line shown, its roaming zone and a change of it that waits. Pulls the
 * customer (its lines) and the line's settings when older than 15 minutes. Offline: what is stored, with its age.
 */
export const useTravelGuide = (): { result: LiveResult<TravelGuideData | null>; refresh: () => Promise<void>; refreshError: unknown } => {
  const result = fromLive(
    useLiveQuery(async (): Promise<{ data: TravelGuideData | null }> => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [all, forced, customerMeta] = await Promise.all([
        db.contracts.where('customerId').equals(customerId).sortBy('position'),
        db.prefs.get(selectedContractKey),
        db.meta.get(resourceKeys.customer(customerId)),
      ]);
      const plain = isPlainUser(session);
      const contracts = plain ? all.filter((c) => c.msisdn !== null && c.msisdn === session.msisdn) : all;
      const id = selectContract({ contracts, isPlainUser: plain, userMsisdn: session.msisdn, forcedContractId: readForcedContractId(forced?.value) });
      const contract = contracts.find((c) => c.id === id);
      const [settings, meta] = contract
        ? await Promise.all([db.lineSettings.get(contract.id), db.meta.get(resourceKeys.lineSettings(customerId, contract.id))])
        : [undefined, undefined];
      const zone = settings?.settings.roamingType ?? '';
      return {
        data: {
          customerId,
          line: contract ? { contractId: contract.id, msisdn: contract.msisdn } : null,
          zone: isRoamingType(zone) ? zone : null,
          pending: settings ? pendingZoneOf(settings.changes) : null,
          canChange: settingsAccess(session.role, 'line') === 'edit',
          fetchedAt: meta?.fetchedAt,
          firstLoad: meta === undefined && (contract !== undefined || customerMeta === undefined),
        },
      };
    }, []),
  );
  const data = result.status === 'ready' ? result.data : null;
  const customerId = data?.customerId ?? null;
  const contractId = data?.line?.contractId ?? null;
  const customer = usePull(customerId === null ? null : [customerId], pullCustomer);
  const line = usePull(customerId === null || contractId === null ? null : [customerId, contractId], pullLineSettings);
  const refresh = async (): Promise<void> => {
    await Promise.all([customer.refresh(), line.refresh()]);
  };
  return { result, refresh, refreshError: line.refreshError ?? customer.refreshError };
};
