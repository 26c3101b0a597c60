import { useLiveQuery } from 'dexie-react-hooks';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContactRow } from '#db/schema';
import { usePull } from '#lib/use-pull';
import { fromLive, type LiveResult } from '#lib/live-result';
import { contactEntity } from './contact.mutation.ts';

export type ContactData = {
  customerId: number;
  contact: ContactRow | undefined;
  fetchedAt: number | undefined;
  /** Changes of this contact not yet applied by the server (pending, queued, needs-auth or rejected). */
  pending: { key: string; state: string }[];
  canEdit: boolean;
};

/**
 * The contact screen's data, from Dexie; pulls the customer when older than 15 minutes.
 * Offline: the stored contact with its age; edits are queued.
 */
export const useContact = (): { result: LiveResult<ContactData | null>; refresh: () => Promise<void>; refreshError: unknown } => {
  const result = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [contact, meta, rows] = await Promise.all([
        db.contacts.get(customerId),
        db.meta.get(resourceKeys.customer(customerId)),
        db.pendingMutations.orderBy('createdAt').toArray(),
      ]);
      const entity = contactEntity(customerId);
      const pending = rows.filter((row) => row.entity === entity).map((row) => ({ key: row.key, state: row.state }));
      // The contact is the account holder's (docs/product/settings.md "Contact details"): a plain user sees it but
      // cannot change it.
      return { data: { customerId, contact, fetchedAt: meta?.fetchedAt, pending, canEdit: !isPlainUser(session) } };
    }, []),
  );

  const customerId = result.status === 'ready' ? (result.data?.customerId ?? null) : null;
  const { refresh, refreshError } = usePull(customerId === null ? null : [customerId], pullCustomer);

  return { result, refresh, refreshError };
};

/**
 * What became of one queued change of the contact, from its pending row: `waiting` while the row waits or is being
 * sent, `rejected` (with the server's code) when the server refused it, `applied` once the row is gone. Undefined
 * while not read yet. Offline: the row stays `waiting` until it is sent.
 */
export const useChangeOutcome = (key: string | null): { state: 'waiting' | 'applied' | 'rejected'; code?: string } | undefined =>
  useLiveQuery(async () => {
    if (key === null) return undefined;
    const row = await db.pendingMutations.get(key);
    if (!row || row.state === 'applied') return { state: 'applied' as const };
    if (row.state === 'rejected') return { state: 'rejected' as const, code: row.error?.code ?? 'serverError' };
    return { state: 'waiting' as const };
  }, [key]);
