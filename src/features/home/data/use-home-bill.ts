import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import { homeBillOf, type HomeBill } from './hero-rules.ts';

export type { HomeBill } from './hero-rules.ts';

/**
 * Home's bill card from what is stored: the invoice situation (pulled by home's alerts, useHomeAlerts) and the next
 * invoice's estimate (pulled by useNextBill). `null` while neither is stored yet, `undefined` while read; nothing for a
 * plain user (`customerId` null: the invoices are not his).
 */
export const useHomeBill = (customerId: number | null): HomeBill | null | undefined =>
  useLiveQuery(async () => {
    if (customerId === null) return null;
    const [situation, estimate] = await Promise.all([db.invoiceSituations.get(customerId), db.invoiceEstimates.get(customerId)]);
    return homeBillOf(situation, estimate);
  }, [customerId]);
