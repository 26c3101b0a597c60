import type { Translated } from '#contract/common';
import type { InvoiceLineKind } from '#contract/invoices';
import type { Db } from '../db/database.ts';
import { rangeTotals, type TimeRange } from './usage-data.ts';

/*
 * What a contract is billed for one bill cycle, read from the catalogue tables of the schema (products, the
 * contract's options and its promotions) and from its usage: the seed writes an invoice's lines with it, and the
 * next invoice's estimate adds the forecast to the same lines. Amounts in cents, VAT included.
 *
 * Promotions (SPEC §3: "totals hold a percentage factor and an amount quantity"): those granted to the contract
 * and those of its plan. A percentage is taken off the plan's price, an amount off as it is; together they never
 * take more than the plan's price (an invoice line never pays the customer for having a plan).
 */

export type BilledLine = {
  contractId: number;
  msisdn: string | null;
  /** A forecast is a line of an estimate only (invoice-data.ts), never of an invoice. */
  kind: Exclude<InvoiceLineKind, 'forecast'>;
  label: Translated | null;
  quantity: number;
  amount: number;
};

export type PromotionTerms = { type: 'percentage' | 'amount'; amount: number };

/** The discount of each promotion on a plan of `planPrice` cents, in order, capped together at the price. */
export const promotionDiscounts = (planPrice: number, promotions: readonly PromotionTerms[]): number[] => {
  let left = Math.max(0, planPrice);
  return promotions.map((promotion) => {
    const wanted = promotion.type === 'percentage' ? Math.round((planPrice * promotion.amount) / 100) : promotion.amount;
    const discount = Math.max(0, Math.min(wanted, left));
    left -= discount;
    return discount;
  });
};

const same = (text: string): Translated => ({ fr: text, nl: text, en: text });

/** The plan, the options (× count) and the promotions of a contract: what one cycle of it costs before usage. */
export const subscriptionLines = async (db: Db, contractId: number): Promise<BilledLine[]> => {
  const plan = await db
    .selectFrom('contracts as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.id as contract_id', 'c.msisdn', 'c.product_id', 'p.name', 'p.price_cents'])
    .where('c.id', '=', contractId)
    .executeTakeFirst();
  if (!plan) return [];
  const line = (kind: BilledLine['kind'], label: Translated | null, quantity: number, amount: number): BilledLine => ({
    contractId,
    msisdn: plan.msisdn,
    kind,
    label,
    quantity,
    amount,
  });
  const lines = [line('plan', same(plan.name), 1, plan.price_cents)];
  const options = await db
    .selectFrom('contract_options as o')
    .innerJoin('products as p', 'p.id', 'o.option_id')
    .select(['p.name', 'p.price_cents', 'o.count'])
    .where('o.contract_id', '=', contractId)
    .orderBy('p.price_cents', 'desc')
    .orderBy('p.id')
    .execute();
  for (const option of options) lines.push(line('option', same(option.name), option.count, option.price_cents * option.count));
  const promotions = await db
    .selectFrom('promotions')
    .select(['discount_type', 'discount_amount', 'descriptions_json'])
    .where((eb) =>
      eb.or([eb('contract_id', '=', contractId), eb.and([eb('contract_id', 'is', null), eb('product_id', '=', plan.product_id)])]),
    )
    .orderBy('id')
    .execute();
  const discounts = promotionDiscounts(
    plan.price_cents,
    promotions.map((p) => ({ type: p.discount_type, amount: p.discount_amount })),
  );
  promotions.forEach((promotion, i) => {
    const discount = discounts[i] ?? 0;
    if (discount > 0) lines.push(line('promotion', JSON.parse(promotion.descriptions_json) as Translated, 1, -discount));
  });
  return lines;
};

/** The out-of-bundle cost of a contract over a range of instants (every category), in cents. */
export const outOfBundleCost = async (db: Db, contractId: number, range: TimeRange): Promise<number> => {
  const totals = await rangeTotals(db, contractId, range);
  return totals.data.cost + totals.call.cost + totals.sms.cost;
};

export const sumLines = (lines: readonly { amount: number }[]): number => lines.reduce((sum, line) => sum + line.amount, 0);
