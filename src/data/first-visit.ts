import type { CustomerFull } from '#contract/customer';
import type { InvoiceSituation } from '#contract/invoices';
import type { UsageSummary } from '#contract/usage';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { takeFirstAnswer } from '#lib/first-answers';
import { normalizeCustomerFull } from './customer-rows.ts';
import { putCustomerRows } from './customer-write.ts';
import { toInvoiceSituationRow } from './invoice-situation-row.ts';
import { toUsageSummaryRow } from './usage-summary-row.ts';

/*
 * A first visit's answers (lib/first-answers.ts) stored as their pulls store them (customer-pull.ts,
 * usage-pull.ts, invoice-situation-pull.ts: the same rows and the same fetch time in one transaction), without the
 * API client and the contract's schemas: the server drew the page from these answers after checking them with
 * those schemas (app/first-visit.tsx), and loading them here cost a phone's start a long task. Nothing is written
 * while changes wait in the outbox (a pull puts them back on top of its answer): the pulls then ask the server, as on
 * any start. The summary's 20 latest records are left to the records pull, which home starts with the bill's
 * records (data/usage-pull.ts "Rollup consistency" stays with the pulls).
 * Offline: not reached (the page comes from the server).
 */

const apiBase = import.meta.env.VITE_API_BASE ?? '/api';

const noWaitingChanges = async (): Promise<boolean> => (await db.pendingMutations.count()) === 0;

/** The customer, its contact, invoicing and contracts; false when the page has no answer for them. */
export const storeFirstCustomer = async (customerId: number): Promise<boolean> => {
  if (!(await noWaitingChanges())) return false;
  const full = takeFirstAnswer(`${apiBase}/customer/${customerId}/full?withContracts=1&withLinkedUser=1`) as CustomerFull | undefined;
  if (full === undefined) return false;
  const rows = normalizeCustomerFull(full);
  await db.transaction('rw', [db.customers, db.contacts, db.invoicing, db.contracts, db.meta], async () => {
    await putCustomerRows(customerId, rows);
    await db.meta.put({ resource: resourceKeys.customer(customerId), fetchedAt: Date.now() });
  });
  return true;
};

/** The selected line's summary of its current bill. */
export const storeFirstSummary = async (customerId: number, contractId: number): Promise<boolean> => {
  const summary = takeFirstAnswer(`${apiBase}/customer/${customerId}/contract/${contractId}/usage?period=current`) as UsageSummary | undefined;
  if (summary === undefined) return false;
  await db.transaction('rw', [db.usageSummaries, db.meta], async () => {
    await db.usageSummaries.put(toUsageSummaryRow(summary, contractId, 'current'));
    await db.meta.put({ resource: resourceKeys.usageSummary(customerId, contractId, 'current'), fetchedAt: Date.now() });
  });
  return true;
};

/** The invoice situation (home's alerts). */
export const storeFirstSituation = async (customerId: number): Promise<boolean> => {
  const situation = takeFirstAnswer(`${apiBase}/customer/${customerId}/invoices/situation`) as InvoiceSituation | undefined;
  if (situation === undefined) return false;
  await db.transaction('rw', [db.invoiceSituations, db.meta], async () => {
    await db.invoiceSituations.put(toInvoiceSituationRow(situation, customerId));
    await db.meta.put({ resource: resourceKeys.invoiceSituation(customerId), fetchedAt: Date.now() });
  });
  return true;
};
