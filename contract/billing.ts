/*
 * What one bill cycle of a line is invoiced (docs/product/invoices.md "The billing run"): the one rule of the
 * billing run (server/lib/billing-run.ts), tested as tables. Pure: the run reads the line's history, its
 * promotions and its rated usage, and writes what this returns.
 *
 * - The plan and the options are billed for the days of the cycle the line held them (contract/pricing.ts
 *   `proRata`): a whole cycle costs the monthly price, a line activated, terminated or changed during the cycle
 *   pays its days. A plan's promotions follow their plan, pro rata like it.
 * - The out-of-bundle usage of the cycle, as the rating model prices it, one line per kind of use.
 * - A credit note still open that was issued at most CREDIT_NOTE_REUSE_DAYS before the invoice is taken off it
 *   (docs/product/invoices.md "Credit notes"), when the invoice is large enough to absorb it whole; otherwise it is
 *   refunded as usual.
 * - Amounts are VAT included; the invoice's totals excl. VAT, VAT and incl. VAT come from `allocateExclVat`, so the
 *   lines excl. VAT add up to the total excl. VAT.
 */

import { daysBetween } from './calendar.ts';
import type { Translated } from './common.ts';
import {
  allocateExclVat,
  promotionDiscounts,
  promotionsFor,
  proRata,
  sumAmounts,
  type PromotionTerms,
  type VatBreakdown,
} from './pricing.ts';

/** The kinds of an invoice's lines: `credit` is a credit note taken off the invoice. */
export const billedLineKinds = ['plan', 'option', 'promotion', 'usage', 'fee', 'credit'] as const;
export type BilledLineKind = (typeof billedLineKinds)[number];

/** A plan or an option a line held from `from` to `to` (both included; `to` null: still held). */
export type HeldItem = {
  kind: 'plan' | 'option';
  productId: number;
  name: string;
  /** Monthly price of one unit, cents incl. VAT. */
  price: number;
  count: number;
  from: string;
  to: string | null;
};

/** One out-of-bundle charge of the cycle, as the rating model (contract/rating.ts) makes it. */
export type UsageCharge = {
  /** The rating's zone and kind ('domestic:data', 'international:call', 'premium:sms', …). */
  category: string;
  /** What it is and how it is made (quantity × unit price), in the three languages. */
  label: Translated;
  amount: number;
};

export type BilledLine = {
  contractId: number | null;
  msisdn: string | null;
  kind: BilledLineKind;
  /** The product's name, the promotion's, fee's or usage charge's text. */
  label: Translated | null;
  /** For usage lines: the rating model's category. */
  category: string | null;
  quantity: number;
  /** Cents incl. VAT. */
  amount: number;
  /** The days billed when only part of the cycle is (pro rata), both included; null for the whole cycle. */
  from: string | null;
  to: string | null;
};

export type LineCycleInput = {
  contractId: number;
  msisdn: string | null;
  period: { start: string; end: string };
  held: readonly HeldItem[];
  promotions: readonly PromotionTerms[];
  usage: readonly UsageCharge[];
};

const same = (text: string): Translated => ({ fr: text, nl: text, en: text });

/** The part of [from, to] inside the period, or null when they do not meet. */
const overlap = (
  item: { from: string; to: string | null },
  period: { start: string; end: string },
): { from: string; to: string } | null => {
  const from = item.from > period.start ? item.from : period.start;
  const to = item.to === null || item.to > period.end ? period.end : item.to;
  return from <= to ? { from, to } : null;
};

/**
 * The lines of one line's cycle: each plan held (pro rata) followed by its promotions (pro rata with it), the
 * options held (dearest first, pro rata), then the usage of the cycle. A line held nothing during the cycle (not yet
 * active, or ended before it) has no lines.
 */
export const lineCycleLines = (input: LineCycleInput): BilledLine[] => {
  const { period } = input;
  const cycleDays = daysBetween(period.start, period.end);
  const base = { contractId: input.contractId, msisdn: input.msisdn, category: null };
  const lines: BilledLine[] = [];
  const part = (days: number, span: { from: string; to: string }) => (days === cycleDays ? { from: null, to: null } : span);
  const plans = input.held.filter((item) => item.kind === 'plan').sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (const plan of plans) {
    const span = overlap(plan, period);
    if (!span) continue;
    const days = daysBetween(span.from, span.to);
    lines.push({
      ...base,
      kind: 'plan',
      label: same(plan.name),
      quantity: 1,
      amount: proRata(plan.price, days, cycleDays),
      ...part(days, span),
    });
    // A promotion that ended before this plan's days takes nothing; one that ends within them, its days only.
    const applicable = promotionsFor(plan.productId, input.contractId, input.promotions).filter(
      (promotion) => !promotion.endsOn || promotion.endsOn >= span.from,
    );
    promotionDiscounts(plan.price, applicable).forEach((discount, i) => {
      const promotion = applicable[i];
      if (!promotion) return;
      const until = promotion.endsOn && promotion.endsOn < span.to ? promotion.endsOn : span.to;
      const promotionDays = daysBetween(span.from, until);
      const amount = proRata(discount, promotionDays, cycleDays);
      if (amount > 0)
        lines.push({
          ...base,
          kind: 'promotion',
          label: promotion.label,
          quantity: 1,
          amount: -amount,
          ...part(promotionDays, { from: span.from, to: until }),
        });
    });
  }
  const options = input.held
    .filter((item) => item.kind === 'option' && item.count > 0)
    .sort((a, b) => b.price - a.price || a.productId - b.productId || (a.from < b.from ? -1 : 1));
  for (const option of options) {
    const span = overlap(option, period);
    if (!span) continue;
    const days = daysBetween(span.from, span.to);
    lines.push({
      ...base,
      kind: 'option',
      label: same(option.name),
      quantity: option.count,
      amount: proRata(option.price * option.count, days, cycleDays),
      ...part(days, span),
    });
  }
  for (const usage of input.usage) {
    if (usage.amount !== 0)
      lines.push({
        ...base,
        kind: 'usage',
        label: null,
        category: usage.category,
        quantity: 1,
        amount: usage.amount,
        from: null,
        to: null,
      });
  }
  return lines;
};

/** Days a credit note can still be taken off a new invoice (docs/product/invoices.md "Credit notes"). */
export const CREDIT_NOTE_REUSE_DAYS = 5;

/** An open credit note of the same account: its number and what is left to refund (cents, positive). */
export type OpenCredit = { piece: string; issued: string; amount: number };

/**
 * The open credit notes a new invoice issued on `issued` takes off, oldest first: those issued at most
 * CREDIT_NOTE_REUSE_DAYS before it, as long as the invoice's total stays at or above zero (a credit note is used
 * whole or refunded whole, never split).
 */
export const creditsToDeduct = (invoiceTotal: number, issued: string, credits: readonly OpenCredit[]): OpenCredit[] => {
  let left = invoiceTotal;
  const used: OpenCredit[] = [];
  for (const credit of [...credits].sort((a, b) => (a.issued < b.issued ? -1 : a.issued > b.issued ? 1 : 0))) {
    const age = daysBetween(credit.issued, issued) - 1;
    if (age < 0 || age > CREDIT_NOTE_REUSE_DAYS || credit.amount <= 0 || credit.amount > left) continue;
    used.push(credit);
    left -= credit.amount;
  }
  return used;
};

export type InvoiceTotals = VatBreakdown & {
  /** The amount excl. VAT of each line, in the lines' order: they add up to `excl`. */
  linesExcl: number[];
};

/** The totals of an invoice: incl. VAT the sum of its lines, split into excl. VAT and VAT line by line. */
export const invoiceTotals = (lines: readonly { amount: number }[]): InvoiceTotals => {
  const { lines: linesExcl, ...totals } = allocateExclVat(lines.map((line) => line.amount));
  return { ...totals, linesExcl };
};

export { sumAmounts };
