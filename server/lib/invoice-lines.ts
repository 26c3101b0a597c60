import type { InvoiceLineKind } from '#contract/invoices';
import { monthlyCharges } from '#contract/pricing';
import type { Translated } from '#contract/common';
import type { ChargeLine, UsageKind } from '#contract/rating';
import type { Db } from '../db/engine.ts';
import { promotionTerms } from './billing-charges.ts';
import { billCycleOfContract, rangeCharges, type TimeRange } from './rating-data.ts';

/*
 * What a contract costs a month, read from the catalogue tables (products, the contract's options, the promotions)
 * and priced by contract/pricing.ts, the pricing of the order summary and of the billing run: the next invoice's
 * estimate lists these lines, then the usage so far and its forecast. Amounts in cents, VAT included.
 */

export type EstimatedLine = { kind: InvoiceLineKind; label: Translated | null; quantity: number; amount: number };

/** The plan, the options (× count) and the promotions of a contract: what a whole cycle of it costs before usage. */
export const subscriptionLines = async (db: Db, contractId: number): Promise<EstimatedLine[]> => {
  const plan = await db
    .selectFrom('contracts as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.product_id', 'p.name', 'p.price_cents'])
    .where('c.id', '=', contractId)
    .executeTakeFirst();
  if (!plan) return [];
  const options = await db
    .selectFrom('contract_options as o')
    .innerJoin('products as p', 'p.id', 'o.option_id')
    .select(['o.option_id', 'p.name', 'p.price_cents', 'o.count'])
    .where('o.contract_id', '=', contractId)
    .orderBy('o.option_id')
    .execute();
  const charges = monthlyCharges(
    contractId,
    {
      plan: { id: plan.product_id, name: plan.name, price: plan.price_cents },
      options: options.map((o) => ({ id: o.option_id, name: o.name, price: o.price_cents, count: o.count })),
    },
    await promotionTerms(db),
  );
  return charges.lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, amount: line.amount }));
};

/**
 * The out-of-bundle cost of a contract over a range of instants, in cents: the rating's charges (server/lib/rating-data.ts),
 * the same figure as the usage summary's when the range is a bill cycle.
 * @internal Exported for its tests (knip --production): the estimate reads `outOfBundleSpending`.
 */
export const outOfBundleCost = async (db: Db, contractId: number, range: TimeRange): Promise<number> =>
  (await outOfBundleSpending(db, contractId, range)).credit;

/**
 * The same charges as the safeguards count them, cents: in all (the OSG limit's `credit`) and on premium services (the
 * PSG limit's), for the estimate's forecast within the line's limits (contract/estimate.ts `outOfBundleForecast`).
 */
export const outOfBundleSpending = async (
  db: Db,
  contractId: number,
  range: TimeRange,
): Promise<{ credit: number; premium: number; lines: ChargeLine[] }> => {
  const { overspent, lines } = await rangeCharges(db, contractId, await billCycleOfContract(db, contractId), range);
  return { credit: overspent.credit, premium: overspent.premium, lines };
};

/**
 * Where most of a line's roaming of one kind outside the EU zone was used over a range (the records' `country`, by
 * their use): the country that names the cause ("roaming in Switzerland"); null when the records do not say it.
 */
export const mainRoamingCountry = async (db: Db, contractId: number, kind: UsageKind, range: TimeRange): Promise<string | null> => {
  const row = await db
    .selectFrom('usage_records')
    .select(['country', (eb) => eb.fn.sum<number | string>('service_used').as('used')])
    .where('contract_id', '=', contractId)
    .where('service_cat', '=', kind)
    .where('event_time', '>=', range.from)
    .where('event_time', '<=', range.to)
    .where('destination', '=', 'roaming')
    .where('is_oob', '=', 1)
    .where('incoming', '=', 0)
    .where('country', 'is not', null)
    .groupBy('country')
    .orderBy('used', 'desc')
    .orderBy('country')
    .limit(1)
    .executeTakeFirst();
  return row?.country ?? null;
};
