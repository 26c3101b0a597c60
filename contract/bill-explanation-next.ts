/*
 * The next invoice against the last one (docs/product/invoices.md "Next invoice and estimate"): the estimate made an
 * invoice and explained with contract/bill-explanation.ts `explainInvoice`, the code that explains every issued
 * invoice, so the sentence on home and on the bills screen names its main cause from the same model. Pure, zod-free.
 */

import {
  explainInvoice,
  isCycleInvoice,
  mainCause,
  withExclVat,
  type ExplainableInvoice,
  type ExplainableLine,
  type ExplanationLine,
  type InvoiceExplanation,
} from './bill-explanation.ts';
import type { Translated } from './common.ts';

/** A change worth a sentence: more than 10 % of the last invoice, or more than 5 €. */
export const NEXT_INVOICE_PERCENT = 10;
export const NEXT_INVOICE_CENTS = 500;

export const worthSaying = (difference: number, last: number): boolean =>
  Math.abs(difference) > NEXT_INVOICE_CENTS || Math.abs(difference) * 100 > NEXT_INVOICE_PERCENT * Math.abs(last);

/**
 * One out-of-bundle cause of the next invoice (contract/invoices.ts `InvoiceEstimate`): the rating model's zone and kind
 * (the category of an invoice's usage line), what it charged so far and its share of the forecast, and, for roaming,
 * the country where most of it was used.
 */
export type EstimateOutOfBundle = { category: string; country: string | null; charged: number; forecast: number };

/** The estimate's lines as the explanation reads them (contract/invoices.ts `InvoiceEstimate`). */
export type EstimateForExplanation = {
  contracts: readonly {
    contractId: number;
    msisdn: string | null;
    period: { start: string; end: string };
    lines: readonly {
      kind: 'plan' | 'option' | 'promotion' | 'usage' | 'fee' | 'forecast';
      label: Translated | null;
      quantity: number;
      amount: number;
    }[];
    /** The usage and forecast lines by cause (they add up to them); missing in estimates stored before it was sent. */
    outOfBundle?: readonly EstimateOutOfBundle[];
    total: number;
  }[];
  total: number;
};

type Contract = EstimateForExplanation['contracts'][number];
type Line = Omit<ExplainableLine, 'amount_excl_vat_cents'>;

/** A contract's estimate as invoice lines: its out-of-bundle use by cause when the estimate says it, else as one. */
const linesOf = (contract: Contract, byCause: boolean): Line[] => {
  const base = { contract_id: contract.contractId, msisdn: contract.msisdn, quantity: 1, from: null, to: null };
  const lines: Line[] = [];
  for (const line of contract.lines) {
    const usage = line.kind === 'usage' || line.kind === 'forecast';
    if (usage && byCause) continue;
    lines.push({
      ...base,
      kind: line.kind === 'usage' || line.kind === 'forecast' ? 'usage' : line.kind,
      label: usage ? null : line.label,
      category: usage ? 'estimate' : null,
      quantity: line.quantity,
      amount_cents: line.amount,
    });
  }
  if (byCause)
    for (const cause of contract.outOfBundle ?? [])
      lines.push({
        ...base,
        kind: 'usage',
        label: null,
        category: cause.category,
        country: cause.country,
        amount_cents: cause.charged + cause.forecast,
      });
  return lines;
};

/**
 * The next invoice against the last one: the estimate made an invoice (its out-of-bundle use so far and its forecast,
 * cause by cause as the rating model charges them, like the last invoices' usage lines), compared with the last
 * cycle's invoices of the account (a professional customer's cost centres together, as the estimate counts them). An
 * estimate stored before it said its causes counts its use as one cause (category `estimate`), the last invoices' too.
 * Null without a last cycle invoice or without a billed line.
 */
export const explainNextInvoice = (
  estimate: EstimateForExplanation,
  lastInvoices: readonly ExplainableInvoice[],
): (InvoiceExplanation & { worthSaying: boolean; main: ExplanationLine | null }) | null => {
  const cycle = lastInvoices.filter(isCycleInvoice);
  const lastEnd = cycle.reduce<string | null>(
    (latest, invoice) => (latest === null || (invoice.period_end ?? '') > latest ? invoice.period_end : latest),
    null,
  );
  const last = cycle.filter((invoice) => invoice.period_end === lastEnd);
  const first = estimate.contracts[0];
  if (last.length === 0 || !first) return null;
  const byCause = estimate.contracts.every((contract) => contract.outOfBundle !== undefined);
  const asUsage = (line: ExplainableLine): ExplainableLine =>
    line.kind === 'usage' && !byCause ? { ...line, category: 'estimate' } : line;
  const lastLines = last.flatMap((invoice) => invoice.lines.map(asUsage));
  const estimateLines = withExclVat(estimate.contracts.flatMap((contract) => linesOf(contract, byCause)));
  const merged = (invoices: readonly ExplainableInvoice[]) => ({
    total_cents: invoices.reduce((total, invoice) => total + invoice.total_cents, 0),
    excl_vat_cents: invoices.reduce((total, invoice) => total + invoice.excl_vat_cents, 0),
    vat_cents: invoices.reduce((total, invoice) => total + invoice.vat_cents, 0),
  });
  const next = withExclVat([{ amount_cents: estimate.total }])[0]?.amount_excl_vat_cents ?? 0;
  const explanation = explainInvoice(
    {
      uuid: 'next',
      document_type: 'invoice',
      cost_center_id: null,
      generated_at: '',
      period_start: first.period.start,
      period_end: first.period.end,
      total_cents: estimate.total,
      excl_vat_cents: next,
      vat_cents: estimate.total - next,
      lines: estimateLines,
    },
    {
      uuid: last[0]?.uuid ?? '',
      document_type: 'invoice',
      cost_center_id: null,
      generated_at: '',
      period_start: last[0]?.period_start ?? null,
      period_end: lastEnd,
      ...merged(last),
      lines: lastLines,
    },
  );
  return { ...explanation, worthSaying: worthSaying(explanation.difference_cents, merged(last).total_cents), main: mainCause(explanation) };
};
