import { db } from '#db/db';
import type { normalizeCustomerFull } from './customer-rows.ts';

/**
 * Writes the rows of GET /customer/{id}/full, inside the caller's transaction over customers, contacts, invoicing
 * and contracts: the customer pull's (customer-pull.ts) and a first visit's start (first-visit.ts).
 */
export const putCustomerRows = async (customerId: number, rows: ReturnType<typeof normalizeCustomerFull>): Promise<void> => {
  await db.customers.put(rows.customerRow);
  await db.contacts.put(rows.contactRow);
  // A plain user gets no invoicing (the holder's payment details): the local copy goes too.
  if (rows.invoicingRow) await db.invoicing.put(rows.invoicingRow);
  else await db.invoicing.delete(customerId);
  // Contracts the server no longer lists (or no longer shows this user) disappear locally too.
  await db.contracts.where('customerId').equals(customerId).delete();
  await db.contracts.bulkPut(rows.contractRows);
};
