import { useLiveQuery } from 'dexie-react-hooks';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { InvoicingRow, PaymentCreditorRow, PendingMutationRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { pullPaymentCreditor } from '#data/invoices-pull';
import { invoicingEntity } from './invoicing.mutation.ts';

export type PaymentDetailsData = {
  customerId: number;
  invoicing: InvoicingRow | undefined;
  creditor: PaymentCreditorRow | undefined;
  fetchedAt: number | undefined;
  /** Changes of these details not yet applied by the server (pending, queued, needs-auth or rejected). */
  pending: Pick<PendingMutationRow, 'key' | 'state' | 'error'>[];
  /**
   * Payment details are the account holder's (docs/product/roles.md "Plain user"): a plain user neither sees nor
   * changes them.
   */
  canEdit: boolean;
};

/**
 * The payment details screen's data, from Dexie (the invoicing row of the customer pull); pulls the customer and
 * the creditor when older than 15 minutes. Offline: the stored details with their age; edits are queued.
 */
export const usePaymentDetails = (): { result: LiveResult<PaymentDetailsData | null>; refresh: () => Promise<void>; refreshError: unknown } => {
  const result = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [invoicing, creditor, meta, rows] = await Promise.all([
        db.invoicing.get(customerId),
        db.paymentCreditor.get('current'),
        db.meta.get(resourceKeys.customer(customerId)),
        db.pendingMutations.orderBy('createdAt').toArray(),
      ]);
      const entity = invoicingEntity(customerId);
      const pending = rows.filter((row) => row.entity === entity).map((row) => ({ key: row.key, state: row.state, error: row.error }));
      return { data: { customerId, invoicing, creditor, fetchedAt: meta?.fetchedAt, pending, canEdit: !isPlainUser(session) } };
    }, []),
  );

  const data = result.status === 'ready' ? result.data : null;
  const customerId = data?.customerId ?? null;
  const customer = usePull(customerId === null ? null : [customerId], pullCustomer);
  usePull(data?.canEdit ? [] : null, pullPaymentCreditor);
  return { result, refresh: customer.refresh, refreshError: customer.refreshError };
};
