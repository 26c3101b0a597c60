import type { HeldItem } from '#contract/billing';
import type { Db } from '../db/engine.ts';
import { addDaysToDate, localDate } from '#contract/calendar';

/*
 * What a line held and when (the `subscription_periods` table): its plan and each option with its count, day by
 * day, so that the billing run bills each for the days of the cycle it was held (docs/product/invoices.md "Pro
 * rata"). The history follows the line's current state: `syncSubscriptionHistory` closes what the line no longer
 * holds and opens what it holds now, as of the day a change takes effect. The order execution calls it when it
 * changes a plan, an option or the line's status; the billing run calls it before it bills a line, so a change made
 * by any other path is recorded at the latest then.
 */

/** Statuses in which a line is billed for its plan and options (a suspended line still holds its subscription). */
export const BILLED_STATUSES = ['ACTIVATED', 'SUSPENDED'] as const;

const keyOf = (kind: string, productId: number): string => `${kind}:${productId}`;

/** The first day the line is billed: its `billing_from`, else the day it was activated (the service's calendar). */
export const billingStart = (contract: { activated_at: string | null; billing_from: string | null }): string | null =>
  contract.billing_from ?? (contract.activated_at === null ? null : localDate(Date.parse(contract.activated_at)));

/**
 * Aligns the line's history with what it holds now, as of `date` ('YYYY-MM-DD', the first day of the new state):
 * a period that no longer matches ends the day before (or disappears, when it began that same day), and what the
 * line holds without an open period starts on `date` — or on the line's billing start when the line has no history
 * at all yet (its first sync). Call inside a write transaction.
 */
export const syncSubscriptionHistory = async (db: Db, contractId: number, date: string): Promise<void> => {
  const contract = await db
    .selectFrom('contracts')
    .select(['status', 'product_id', 'activated_at', 'billing_from'])
    .where('id', '=', contractId)
    .executeTakeFirst();
  if (!contract) return;
  const wanted = new Map<string, { kind: 'plan' | 'option'; productId: number; count: number }>();
  if ((BILLED_STATUSES as readonly string[]).includes(contract.status)) {
    wanted.set(keyOf('plan', contract.product_id), { kind: 'plan', productId: contract.product_id, count: 1 });
    const options = await db
      .selectFrom('contract_options')
      .select(['option_id', 'count'])
      .where('contract_id', '=', contractId)
      .where('count', '>', 0)
      .execute();
    for (const option of options)
      wanted.set(keyOf('option', option.option_id), { kind: 'option', productId: option.option_id, count: option.count });
  }
  const hasHistory =
    (await db.selectFrom('subscription_periods').select('id').where('contract_id', '=', contractId).limit(1).executeTakeFirst()) !==
    undefined;
  const start = hasHistory ? date : (billingStart(contract) ?? date);
  const open = await db
    .selectFrom('subscription_periods')
    .select(['id', 'kind', 'product_id', 'count', 'start_date'])
    .where('contract_id', '=', contractId)
    .where('end_date', 'is', null)
    .execute();
  const kept = new Set<string>();
  for (const period of open) {
    const key = keyOf(period.kind, period.product_id);
    if (wanted.get(key)?.count === period.count) {
      kept.add(key);
      continue;
    }
    if (period.start_date >= date) await db.deleteFrom('subscription_periods').where('id', '=', period.id).execute();
    else
      await db
        .updateTable('subscription_periods')
        .set({ end_date: addDaysToDate(date, -1) })
        .where('id', '=', period.id)
        .execute();
  }
  for (const [key, item] of wanted) {
    if (kept.has(key)) continue;
    await db
      .insertInto('subscription_periods')
      .values({ contract_id: contractId, kind: item.kind, product_id: item.productId, count: item.count, start_date: start })
      .execute();
  }
};

/** What the line held during [from, to], with the catalogue's names and prices, for contract/billing.ts. */
export const heldItems = async (db: Db, contractId: number, from: string, to: string): Promise<HeldItem[]> =>
  (
    await db
      .selectFrom('subscription_periods as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.kind', 's.product_id', 'p.name', 'p.price_cents', 's.count', 's.start_date', 's.end_date'])
      .where('s.contract_id', '=', contractId)
      .where('s.start_date', '<=', to)
      .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>=', from)]))
      .orderBy('s.start_date')
      .orderBy('s.id')
      .execute()
  ).map((row) => ({
    kind: row.kind,
    productId: row.product_id,
    name: row.name,
    price: row.price_cents,
    count: row.count,
    from: row.start_date,
    to: row.end_date,
  }));

/** The last day the line held anything (null: it still holds its subscription, or never held one). */
export const lastHeldDay = async (db: Db, contractId: number): Promise<{ open: boolean; last: string | null }> => {
  const row = await db
    .selectFrom('subscription_periods')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('end_date', 'is', null).then(1).else(0).end()).as('open'),
      eb.fn.max('end_date').as('last'),
    ])
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  return { open: Number(row?.open ?? 0) > 0, last: row?.last ?? null };
};
