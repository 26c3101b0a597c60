import type { InvoiceLineKind } from '#contract/invoices';
import { monthlyCharges } from '#contract/pricing';
import type { Translated } from '#contract/common';
import type { Db } from '../db/database.ts';
import { promotionTerms } from './billing-run.ts';
import { stmt } from './sql.ts';
import { billCycleOfContract, rangeCharges, type TimeRange } from './rating-data.ts';

/*
 * What a contract costs a month, read from the catalogue tables (products, the contract's options, the promotions)
 * and priced by contract/pricing.ts, the pricing of the order summary and of the billing run: the next invoice's
 * estimate lists these lines, then the usage so far and its forecast. Amounts in cents, VAT included.
 */

export type EstimatedLine = { kind: InvoiceLineKind; label: Translated | null; quantity: number; amount: number };

/** The plan, the options (× count) and the promotions of a contract: what a whole cycle of it costs before usage. */
export const subscriptionLines = (db: Db, contractId: number): EstimatedLine[] => {
  const plan = stmt<[number], { product_id: number; name: string; price_cents: number }>(
    db,
    'SELECT c.product_id, p.name, p.price_cents FROM contracts c JOIN products p ON p.id = c.product_id WHERE c.id = ?',
  ).get(contractId);
  if (!plan) return [];
  const options = stmt<[number], { option_id: number; name: string; price_cents: number; count: number }>(
    db,
    `SELECT o.option_id, p.name, p.price_cents, o.count FROM contract_options o JOIN products p ON p.id = o.option_id
     WHERE o.contract_id = ? ORDER BY o.option_id`,
  ).all(contractId);
  const charges = monthlyCharges(
    contractId,
    {
      plan: { id: plan.product_id, name: plan.name, price: plan.price_cents },
      options: options.map((o) => ({ id: o.option_id, name: o.name, price: o.price_cents, count: o.count })),
    },
    promotionTerms(db),
  );
  return charges.lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, amount: line.amount }));
};

/**
 * The out-of-bundle cost of a contract over a range of instants, in cents: the rating's charges (server/lib/rating-data.ts),
 * the same figure as the usage summary's when the range is a bill cycle.
 */
export const outOfBundleCost = (db: Db, contractId: number, range: TimeRange): number =>
  rangeCharges(db, contractId, billCycleOfContract(db, contractId), range).totalCents;
