import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { pullCustomer } from '#data/customer-pull';
import { pullLinkStatus } from './link-status-pull.ts';

export type LinkAccountsData = { customerId: number; energyId: string | null; confirmed: boolean; known: boolean };

/**
 * The energy link page's data: the customer's link state, from Dexie, refreshed from GET link-status. Offline: the
 * stored state (`known` false when the customer was never loaded on this device).
 */
export const useLinkAccounts = (): { result: LiveResult<LinkAccountsData | null>; settled: boolean } => {
  const result = fromLive(
    useLiveQuery(async (): Promise<{ data: LinkAccountsData | null }> => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customer = await db.customers.get(session.customerId);
      return {
        data: {
          customerId: session.customerId,
          energyId: customer?.energyId ?? null,
          confirmed: customer?.energyLinkConfirmed === true,
          known: customer !== undefined,
        },
      };
    }, []),
  );
  const customerId = result.status === 'ready' ? (result.data?.customerId ?? null) : null;
  // The customer row first (the state lives on it), then its link status.
  usePull(customerId === null ? null : [customerId], pullCustomer);
  const { settled } = usePull(customerId === null ? null : [customerId], pullLinkStatus);
  return { result, settled };
};
