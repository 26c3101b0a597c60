import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { pull, type PullResult } from '#sync/pull';
import { toInvoiceSituationRow } from './invoice-situation-row.ts';

/*
 * The invoice situation (open invoices, debt, urgency): the home alerts and the bills screen read it, so
 * its pull lives in the shared data/. Offline: the call fails and the stored row stays.
 */

export { toInvoiceSituationRow } from './invoice-situation-row.ts';

/** GET …/invoices/situation (owners and admins only: never call it for a plain user, the server answers 403). */
export const pullInvoiceSituation = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.invoiceSituation(customerId),
    force: options.force ?? false,
    tables: [db.invoiceSituations],
    fetch: () => call(endpoints.invoiceSituation, { params: { customerId }, silent: true }),
    write: async (situation) => {
      await db.invoiceSituations.put(toInvoiceSituationRow(situation, customerId));
    },
  });

