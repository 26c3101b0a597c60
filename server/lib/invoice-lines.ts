import type { Translated } from '#contract/common';
import type { InvoiceLineKind } from '#contract/invoices';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';
import { billCycleOfContract, rangeCharges, type TimeRange } from './rating-data.ts';

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
  kind: InvoiceLineKind;
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

type PlanRow = { contract_id: number; msisdn: string | null; product_id: number; name: string; price_cents: number };
type OptionRow = { name: string; price_cents: number; count: number };
type PromotionRow = { discount_type: 'percentage' | 'amount'; discount_amount: number; descriptions_json: string };

/** The plan, the options (× count) and the promotions of a contract: what one cycle of it costs before usage. */
export const subscriptionLines = (db: Db, contractId: number): BilledLine[] => {
  const plan = stmt<[number], PlanRow>(
    db,
    `SELECT c.id AS contract_id, c.msisdn, c.product_id, p.name, p.price_cents
     FROM contracts c JOIN products p ON p.id = c.product_id WHERE c.id = ?`,
  ).get(contractId);
  if (!plan) return [];
  const line = (kind: InvoiceLineKind, label: Translated | null, quantity: number, amount: number): BilledLine => ({
    contractId,
    msisdn: plan.msisdn,
    kind,
    label,
    quantity,
    amount,
  });
  const lines = [line('plan', same(plan.name), 1, plan.price_cents)];
  const options = stmt<[number], OptionRow>(
    db,
    `SELECT p.name, p.price_cents, o.count FROM contract_options o JOIN products p ON p.id = o.option_id
     WHERE o.contract_id = ? ORDER BY p.price_cents DESC, p.id`,
  ).all(contractId);
  for (const option of options) lines.push(line('option', same(option.name), option.count, option.price_cents * option.count));
  const promotions = stmt<[number, number], PromotionRow>(
    db,
    `SELECT discount_type, discount_amount, descriptions_json FROM promotions
     WHERE contract_id = ? OR (contract_id IS NULL AND product_id = ?) ORDER BY id`,
  ).all(contractId, plan.product_id);
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

/**
 * The out-of-bundle cost of a contract over a range of instants, in cents: the rating's charges (server/lib/rating-data.ts),
 * the same figure as the usage summary's when the range is a bill cycle.
 */
export const outOfBundleCost = (db: Db, contractId: number, range: TimeRange): number =>
  rangeCharges(db, contractId, billCycleOfContract(db, contractId), range).totalCents;

export const sumLines = (lines: readonly { amount: number }[]): number => lines.reduce((sum, line) => sum + line.amount, 0);
