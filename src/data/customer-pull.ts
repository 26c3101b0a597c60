import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { pull, type PullResult } from '#sync/pull';
import { normalizeCustomerFull } from './customer-rows.ts';
import { putCustomerRows } from './customer-write.ts';

/*
 * The customer, its contact, invoicing and contracts (GET /customer/{id}/full). Home, consumption, settings and
 * the guards' contract selection read these rows and each of them may refresh them, so the pull lives in the
 * shared data/ rather than in one feature. Waiting changes of the contact or invoicing (a feature's queued
 * mutation declares those tables) are put back on top by `pull` itself.
 * Offline: the call fails and the last stored rows stay on screen with their age.
 */

export { normalizeCustomerFull } from './customer-rows.ts';

export const pullCustomer = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.customer(customerId),
    force: options.force ?? false,
    tables: [db.customers, db.contacts, db.invoicing, db.contracts],
    fetch: () => call(endpoints.customerFull, { params: { customerId }, query: { withContracts: '1', withLinkedUser: '1' } }),
    write: (full) => putCustomerRows(customerId, normalizeCustomerFull(full)),
  });
