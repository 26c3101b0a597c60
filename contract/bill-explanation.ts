/*
 * Why a bill is different (docs/product/invoices.md "Why this bill is different"): an invoice explained against the
 * previous one of the same account and cost centre, cause by cause, from the lines the billing run wrote
 * (contract/billing.ts `lineCycleLines`: the plan and options pro rata, the promotions, the usage the rating model
 * charged, the fees, the credit notes taken off). Nothing is priced again here: every cause is the difference of the
 * invoices' own lines of one kind, so the causes add up to the difference of the totals to the cent, and each one is
 * the model's figure. The server answers it (GET …/invoices/{uuid}/explanation), the app computes the same on the
 * device from the invoices it stored. Pure, zod-free (types only), so any screen may load it offline.
 */

import { addDaysToDate, daysBetween } from './calendar.ts';
import type { Translated } from './common.ts';
import { allocateExclVat } from './pricing.ts';

/** What an invoice line says, as the invoice's detail carries it (GET …/invoices/{uuid}). Cents incl. VAT. */
export type ExplainableLine = {
  contract_id: number | null;
  msisdn: string | null;
  kind: 'plan' | 'option' | 'promotion' | 'usage' | 'fee' | 'credit';
  label: Translated | null;
  /** Usage lines: the rating model's zone and kind ('world:data', 'premium:sms', …). */
  category: string | null;
  quantity: number;
  amount_cents: number;
  /** As issued: the lines' amounts excl. VAT add up to the invoice's total excl. VAT. */
  amount_excl_vat_cents: number;
  /** The days a pro-rata line covers, both included; null for the whole cycle. */
  from: string | null;
  to: string | null;
  /**
   * Usage lines of roaming: the country where most of it was used (ISO 3166-1 alpha-2, the records' `country`), when
   * it is known (the next invoice's estimate says it; an issued invoice's lines do not).
   */
  country?: string | null;
};

/** An invoice as the explanation reads it. */
export type ExplainableInvoice = {
  uuid: string;
  document_type: 'invoice' | 'credit_note';
  cost_center_id: number | null;
  generated_at: string;
  period_start: string | null;
  period_end: string | null;
  total_cents: number;
  excl_vat_cents: number;
  vat_cents: number;
  lines: readonly ExplainableLine[];
};

export const explanationCauses = ['plan', 'option', 'promotion', 'usage', 'fee', 'credit'] as const;
export type ExplanationCause = (typeof explanationCauses)[number];

/**
 * How a cause changed: a plan, option, fee or credit note `added` or `removed` (present on one invoice only), a
 * promotion `started` or `ended`, anything present on both `changed` (another price, other days, other use); `billed`
 * when there is no previous invoice (the line explains the total).
 */
export const explanationChanges = ['added', 'removed', 'started', 'ended', 'changed', 'billed'] as const;
export type ExplanationChange = (typeof explanationChanges)[number];

/** Part of a cycle a plan (or a promotion with it) was billed for: the days each price applied. */
export type ExplanationSpan = { label: Translated | null; from: string; to: string; days: number; amount_cents: number };

export type ExplanationLine = {
  cause: ExplanationCause;
  change: ExplanationChange;
  /** This invoice's amount of the cause minus the previous one's, cents incl. VAT (the causes add up to the difference). */
  amount_cents: number;
  /**
   * The same excl. VAT, from the invoices' own lines excl. VAT (each line's share of its invoice's VAT split, to the
   * cent: causes that did not change are left out even when their share moved by a cent, so these add up to
   * `vat.excl_vat_cents` within a cent per cause left out).
   */
  amount_excl_vat_cents: number;
  current_cents: number;
  previous_cents: number;
  contract_id: number | null;
  msisdn: string | null;
  /** The product's, promotion's, fee's or credit note's text; null for a plan (see `spans`) and for usage. */
  label: Translated | null;
  /** Usage: the rating model's zone and kind ('domestic:data', 'international:call', 'world:data', 'premium:sms'). */
  category: string | null;
  /** Usage of roaming: the country where most of it was used, when the lines say it (ISO 3166-1 alpha-2). */
  country: string | null;
  /** A promotion: the plan it was on. */
  plan: Translated | null;
  /**
   * The day it started or ended, when it is known: an option's first day, or the day it was removed (its first day
   * without); a promotion's first day, or its end date (its last day: the promotion's own, as the billing run cut the
   * line to it, or the last day of the previous invoice that had it).
   */
  date: string | null;
  /**
   * A plan: each plan of this invoice with the days it applied (a plan changed within the cycle has two). A promotion
   * that ended within this cycle: the days it applied (the plan's full price applied the others).
   */
  spans: ExplanationSpan[];
  /** The cycle of this invoice (usage: the consumption details of that cycle hold its records). */
  period: { start: string; end: string } | null;
};

export type InvoiceExplanation = {
  /** The previous invoice of the same account and cost centre; null: none, the lines explain the total. */
  previous: { uuid: string; total_cents: number } | null;
  difference_cents: number;
  /** The difference split as the invoice shows its VAT: excl. VAT + VAT = the difference. */
  vat: { excl_vat_cents: number; vat_cents: number };
  lines: ExplanationLine[];
};

/** An invoice's detail as the API sends it and the app stores it (contract/invoices.ts `InvoiceDetail`). */
export type DetailForExplanation = {
  invoice: {
    uuid: string;
    dates: { invoice_generated_at: string; period_start: string | null; period_end: string | null };
    details: { document_type: 'invoice' | 'credit_note'; cost_center_id: number | null };
  };
  lines: readonly ExplainableLine[];
  totals: { excl_vat_cents: number; vat_cents: number; incl_vat_cents: number };
};

/** The invoice a cycle invoice is compared with (its summary: the lists carry it). */
export type InvoiceSummary = Pick<
  ExplainableInvoice,
  'uuid' | 'document_type' | 'cost_center_id' | 'generated_at' | 'period_start' | 'period_end' | 'total_cents'
>;

/** An invoice's detail as a summary (to find its previous invoice among the listed and stored ones). */
export const summaryOfDetail = (detail: Pick<DetailForExplanation, 'invoice' | 'totals'>): InvoiceSummary => ({
  uuid: detail.invoice.uuid,
  document_type: detail.invoice.details.document_type,
  cost_center_id: detail.invoice.details.cost_center_id,
  generated_at: detail.invoice.dates.invoice_generated_at,
  period_start: detail.invoice.dates.period_start,
  period_end: detail.invoice.dates.period_end,
  total_cents: detail.totals.incl_vat_cents,
});

/** The shape the explanation reads, from an invoice's detail: the server and the app make it so. */
export const explainableOf = (detail: DetailForExplanation): ExplainableInvoice => ({
  ...summaryOfDetail(detail),
  excl_vat_cents: detail.totals.excl_vat_cents,
  vat_cents: detail.totals.vat_cents,
  lines: detail.lines,
});

/** A monthly invoice of the billing run (one-off documents and credit notes cover no cycle). */
export const isCycleInvoice = (invoice: Pick<InvoiceSummary, 'document_type' | 'period_start' | 'period_end'>): boolean =>
  invoice.document_type === 'invoice' && invoice.period_start !== null && invoice.period_end !== null;

/**
 * The previous invoice of a cycle invoice: among the account's cycle invoices of the same cost centre (residential:
 * none), the latest of a cycle before its own. A one-off document or a credit note has none: it is explained by itself.
 */
export const previousInvoiceOf = <T extends InvoiceSummary>(invoice: InvoiceSummary, candidates: readonly T[]): T | null => {
  if (!isCycleInvoice(invoice) || invoice.period_start === null) return null;
  const start = invoice.period_start;
  let best: T | null = null;
  for (const candidate of candidates) {
    if (candidate.uuid === invoice.uuid || !isCycleInvoice(candidate) || candidate.cost_center_id !== invoice.cost_center_id) continue;
    if (candidate.period_start === null || candidate.period_start >= start) continue;
    if (
      best === null ||
      (best.period_start ?? '') < candidate.period_start ||
      (best.period_start === candidate.period_start && best.generated_at < candidate.generated_at)
    )
      best = candidate;
  }
  return best;
};

/** The amounts excl. VAT of lines stored without them (before migration 020): the billing run's own allocation. */
export const withExclVat = <L extends { amount_cents: number }>(lines: readonly L[]): (L & { amount_excl_vat_cents: number })[] => {
  const { lines: excl } = allocateExclVat(lines.map((line) => line.amount_cents));
  return lines.map((line, i) => ({ ...line, amount_excl_vat_cents: excl[i] ?? 0 }));
};

const causeOrder = (cause: ExplanationCause): number => explanationCauses.indexOf(cause);

type Group = {
  cause: ExplanationCause;
  contract_id: number | null;
  msisdn: string | null;
  label: Translated | null;
  category: string | null;
  country: string | null;
  plan: Translated | null;
  current: ExplainableLine[];
  previous: ExplainableLine[];
  order: number;
};

/** The key of a cause: one per plan of a line, per option, promotion, fee or usage category of a line, per credit. */
const keyOf = (line: ExplainableLine): string => {
  const text = line.label?.fr ?? '';
  switch (line.kind) {
    case 'plan':
      return `plan|${line.contract_id ?? ''}`;
    case 'usage':
      return `usage|${line.contract_id ?? ''}|${line.category ?? ''}`;
    case 'credit':
      return `credit|${text}`;
    default:
      return `${line.kind}|${line.contract_id ?? ''}|${text}`;
  }
};

/** Each promotion line's plan: the plan line it follows (contract/billing.ts writes a plan, then its promotions). */
const plansOfPromotions = (lines: readonly ExplainableLine[]): Map<ExplainableLine, Translated | null> => {
  const plans = new Map<ExplainableLine, Translated | null>();
  let plan: Translated | null = null;
  for (const line of lines) {
    if (line.kind === 'plan') plan = line.label;
    else if (line.kind === 'promotion') plans.set(line, plan);
    else plan = null;
  }
  return plans;
};

const sum = (lines: readonly ExplainableLine[], pick: (line: ExplainableLine) => number): number =>
  lines.reduce((total, line) => total + pick(line), 0);

const spanOf = (line: ExplainableLine, period: { start: string; end: string } | null): ExplanationSpan | null => {
  const from = line.from ?? period?.start;
  const to = line.to ?? period?.end;
  if (from === undefined || to === undefined) return null;
  return { label: line.label, from, to, days: daysBetween(from, to), amount_cents: line.amount_cents };
};

const sameTexts = (a: readonly ExplainableLine[], b: readonly ExplainableLine[]): boolean =>
  a.map((line) => line.label?.fr ?? '').join('|') === b.map((line) => line.label?.fr ?? '').join('|');

/** How a group changed, and the day it did when the lines tell it. */
const changeOf = (
  group: Group,
  hasPrevious: boolean,
  period: { start: string; end: string } | null,
  previousEnd: string | null,
): { change: ExplanationChange; date: string | null } => {
  if (!hasPrevious) return { change: 'billed', date: null };
  const { current, previous } = group;
  const promotion = group.cause === 'promotion';
  if (previous.length === 0) {
    const from = current.map((line) => line.from).find((day) => day !== null) ?? null;
    return { change: promotion ? 'started' : 'added', date: from ?? (promotion ? (period?.start ?? null) : null) };
  }
  const dated = promotion || group.cause === 'option';
  if (current.length === 0) {
    // Gone since the previous invoice: a promotion's last day is the previous one's last day with it; an option was
    // removed by this cycle's first day.
    const before = previous[previous.length - 1];
    if (promotion) return { change: 'ended', date: before?.to ?? previousEnd ?? null };
    return { change: 'removed', date: dated ? (period?.start ?? null) : null };
  }
  // Present on both: a promotion that stopped within this cycle ended on its last day (its end date, or its plan's
  // last day); an option, on the day after its last day.
  const last = current[current.length - 1];
  if (dated && last?.to && period && last.to < period.end)
    return { change: promotion ? 'ended' : 'removed', date: promotion ? last.to : addDaysToDate(last.to, 1) };
  return { change: 'changed', date: null };
};

/**
 * An invoice explained against the previous one (null: none; the lines then explain its total): one line per cause
 * that differs, in the order plan, options, promotions, usage, fees, credit notes (each in the invoice's own order).
 * - `amount_cents` is this invoice's lines of the cause minus the previous one's: the lines add up to
 *   `difference_cents` exactly; `vat` splits that difference as the invoices split their totals.
 * - A plan whose lines changed (another plan, or part of the cycle on each of two plans) is listed even when the two
 *   cost the same, with the days each plan applied.
 */
export const explainInvoice = (current: ExplainableInvoice, previous: ExplainableInvoice | null): InvoiceExplanation => {
  const groups = new Map<string, Group>();
  const period = current.period_start && current.period_end ? { start: current.period_start, end: current.period_end } : null;
  const add = (lines: readonly ExplainableLine[], side: 'current' | 'previous') => {
    const plans = plansOfPromotions(lines);
    for (const line of lines) {
      const key = keyOf(line);
      let group = groups.get(key);
      if (!group) {
        group = {
          cause: line.kind,
          contract_id: line.contract_id,
          msisdn: line.msisdn,
          label: line.kind === 'plan' || line.kind === 'usage' ? null : line.label,
          category: line.kind === 'usage' ? line.category : null,
          country: null,
          plan: plans.get(line) ?? null,
          current: [],
          previous: [],
          order: groups.size,
        };
        groups.set(key, group);
      }
      group[side].push(line);
      // The country of this invoice's use names the cause; the previous one's only when this invoice has none.
      if (line.country && (side === 'current' || group.current.length === 0)) group.country = line.country;
    }
  };
  add(current.lines, 'current');
  if (previous) add(previous.lines, 'previous');

  const lines: ExplanationLine[] = [];
  for (const group of [...groups.values()].sort((a, b) => causeOrder(a.cause) - causeOrder(b.cause) || a.order - b.order)) {
    const currentCents = sum(group.current, (line) => line.amount_cents);
    const previousCents = sum(group.previous, (line) => line.amount_cents);
    const amount = currentCents - previousCents;
    const excl = sum(group.current, (line) => line.amount_excl_vat_cents) - sum(group.previous, (line) => line.amount_excl_vat_cents);
    const planChanged =
      group.cause === 'plan' &&
      previous !== null &&
      (!sameTexts(group.current, group.previous) || group.current.some((line) => line.from !== null || line.to !== null));
    // Same amount incl. VAT: nothing to explain (its share excl. VAT may move by a cent with the other lines' rounding).
    if (amount === 0 && !planChanged && (previous !== null || group.current.length === 0)) continue;
    const { change, date } = changeOf(group, previous !== null, period, previous?.period_end ?? null);
    lines.push({
      cause: group.cause,
      change,
      amount_cents: amount,
      amount_excl_vat_cents: excl,
      current_cents: currentCents,
      previous_cents: previousCents,
      contract_id: group.contract_id,
      msisdn: group.msisdn,
      label: group.label,
      category: group.category,
      country: group.country,
      plan: group.plan,
      date,
      spans:
        group.cause === 'plan'
          ? (group.current.length > 0 ? group.current : group.previous)
              .map((line) => spanOf(line, group.current.length > 0 ? period : null))
              .filter((span): span is ExplanationSpan => span !== null)
          : group.cause === 'promotion' && change === 'ended' && group.current.length > 0
            ? group.current.map((line) => spanOf(line, period)).filter((span): span is ExplanationSpan => span !== null)
            : [],
      period: group.cause === 'usage' ? period : null,
    });
  }
  return {
    previous: previous ? { uuid: previous.uuid, total_cents: previous.total_cents } : null,
    difference_cents: current.total_cents - (previous?.total_cents ?? 0),
    vat: {
      excl_vat_cents: current.excl_vat_cents - (previous?.excl_vat_cents ?? 0),
      vat_cents: current.vat_cents - (previous?.vat_cents ?? 0),
    },
    lines,
  };
};

/**
 * The cause that explains most of a difference: the line of the largest amount in the difference's direction (the
 * first on a tie); null when nothing changed.
 */
export const mainCause = (explanation: Pick<InvoiceExplanation, 'difference_cents' | 'lines'>): ExplanationLine | null => {
  const sign = Math.sign(explanation.difference_cents);
  let best: ExplanationLine | null = null;
  for (const line of explanation.lines) {
    if (sign !== 0 && Math.sign(line.amount_cents) !== sign) continue;
    if (best === null || Math.abs(line.amount_cents) > Math.abs(best.amount_cents)) best = line;
  }
  return best;
};
