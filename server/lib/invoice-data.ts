import type { BilledLineKind } from '#contract/billing';
import type { BillCycleDto } from '#contract/contracts';
import type { Translated } from '#contract/common';
import { forecastShares, outOfBundleForecast } from '#contract/estimate';
import { isPendingDebit, situationTotals, type OpenItem } from '#contract/invoice-rules';
import {
  explainableOf,
  explainInvoice,
  previousInvoiceOf,
  withExclVat,
  type InvoiceExplanation,
  type InvoiceSummary,
} from '#contract/bill-explanation';
import type { CostCenter, EstimateLine, Invoice, InvoiceDetail, InvoiceEstimate, InvoiceSituation } from '#contract/invoices';
import { structuredCommunication } from '#contract/structured-communication';
import type { Db } from '../db/engine.ts';
import { sumAmounts, vatBreakdown } from '#contract/pricing';
import type { Row } from '../db/rows.ts';
import { mainRoamingCountry, outOfBundleSpending, subscriptionLines } from './invoice-lines.ts';
import { stateFacts } from './order-history.ts';
import { safeguardsOf } from './usage-data.ts';
import { addDaysToDate, localDate, localDayRange } from '#contract/calendar';
import { cyclePeriod } from './service-calendar.ts';

/*
 * Invoices (docs/product/invoices.md "What an invoice shows"), and the cost centres of professional customers. An
 * invoice is open while `paid` = 0; what remains to pay is its total minus the partial payments already received. A
 * credit note is a document of its own with a negative total. The invoice context (IS_PAID, TO_PAID, DD_PENDING,
 * DD_FAILED) is derived from the list it came from, the payment mode and the due date (contract/invoice-rules.ts), by
 * the app and the PDF.
 */

/** Days between an invoice and its due date (the seed and the FAQ: "due within 15 days"). */
export const PAYMENT_TERM_DAYS = 15;

const COLUMNS = [
  'id',
  'uuid',
  'customer_id',
  'generated_at',
  'due_date',
  'total_incl_vat_cents',
  'structured_communication',
  'piece_id',
  'payment_mode',
  'paid',
  'paid_at',
  'partial_paid_cents',
  'cost_center_id',
  'period_start',
  'period_end',
  'document_type',
  // As issued; null on documents issued before migration 020 (split from the total incl. VAT when printed).
  'total_excl_vat_cents',
  'vat_cents',
] as const;

export type InvoiceRecord = Pick<Row<'invoices'>, (typeof COLUMNS)[number]>;

export const toInvoice = (row: InvoiceRecord): Invoice => ({
  uuid: row.uuid,
  dates: {
    invoice_generated_at: row.generated_at,
    due_date: row.due_date,
    paid_at: row.paid_at,
    period_start: row.period_start,
    period_end: row.period_end,
  },
  total: { total_incl_vat: row.total_incl_vat_cents },
  structured_communication: row.structured_communication,
  piece: row.piece_id,
  details: { payment_mode: row.payment_mode, document_type: row.document_type, cost_center_id: row.cost_center_id },
});

/** Invoices of a customer, of one cost centre or of the whole customer when `costCenterId` is undefined. */
const invoicesOf = (db: Db, customerId: number, costCenterId: number | undefined) => {
  const query = db.selectFrom('invoices').where('customer_id', '=', customerId);
  return costCenterId === undefined ? query : query.where('cost_center_id', '=', costCenterId);
};

/** Open invoices and credit notes, the one due first on top. */
const openRows = (db: Db, customerId: number, costCenterId?: number): Promise<InvoiceRecord[]> =>
  invoicesOf(db, customerId, costCenterId)
    .select(COLUMNS)
    .where('paid', '=', 0)
    .orderBy('due_date')
    .orderBy('generated_at')
    .orderBy('id')
    .execute();

export const openInvoices = async (db: Db, customerId: number, costCenterId?: number): Promise<Invoice[]> =>
  (await openRows(db, customerId, costCenterId)).map(toInvoice);

export const countPaidInvoices = async (db: Db, customerId: number, costCenterId?: number): Promise<number> =>
  (
    await invoicesOf(db, customerId, costCenterId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('paid', '=', 1)
      .executeTakeFirst()
  )?.n ?? 0;

/** Paid invoices, newest first by default, one page. */
export const paidInvoices = async (
  db: Db,
  customerId: number,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
  costCenterId?: number,
): Promise<Invoice[]> =>
  (
    await invoicesOf(db, customerId, costCenterId)
      .select(COLUMNS)
      .where('paid', '=', 1)
      .orderBy('generated_at', order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute()
  ).map(toInvoice);

/** One invoice of this customer (undefined for another customer's: the route answers 404, revealing nothing). */
export const findInvoice = (db: Db, customerId: number, uuid: string): Promise<InvoiceRecord | undefined> =>
  db.selectFrom('invoices').select(COLUMNS).where('uuid', '=', uuid).where('customer_id', '=', customerId).executeTakeFirst();

export type StoredLine = {
  contract_id: number | null;
  msisdn: string | null;
  kind: BilledLineKind;
  label: Translated | null;
  /** Usage lines: the rating model's category. */
  category: string | null;
  quantity: number;
  /** Cents incl. VAT, and excl. VAT as issued (null before migration 020). */
  amount: number;
  amountExclVat: number | null;
  /** The days a pro-rata line covers; null for the whole cycle. */
  from: string | null;
  to: string | null;
};

/** The lines of an invoice as billed, in their order. */
export const invoiceLines = async (db: Db, invoiceId: number): Promise<StoredLine[]> =>
  (
    await db
      .selectFrom('invoice_lines')
      .select([
        'contract_id',
        'msisdn',
        'kind',
        'label_json',
        'category',
        'quantity',
        'amount_cents',
        'amount_excl_vat_cents',
        'period_from',
        'period_to',
      ])
      .where('invoice_id', '=', invoiceId)
      .orderBy('position')
      .execute()
  ).map((row) => ({
    contract_id: row.contract_id,
    msisdn: row.msisdn,
    kind: row.kind,
    label: row.label_json === null ? null : (JSON.parse(row.label_json) as Translated),
    category: row.category,
    quantity: row.quantity,
    amount: row.amount_cents,
    amountExclVat: row.amount_excl_vat_cents,
    from: row.period_from,
    to: row.period_to,
  }));

export const findBillCycle = async (db: Db, id: number): Promise<BillCycleDto | undefined> => {
  const row = await db
    .selectFrom('bill_cycles')
    .select(['id', 'start_day', 'frequency_unit', 'frequency_duration'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { id: row.id, startDay: row.start_day, frequencyUnit: row.frequency_unit, frequencyDuration: row.frequency_duration }
    : undefined;
};

/** The lines an invoice bills: cancelled, terminated and not yet delivered lines are not billed. */
const billedContracts = (db: Db, customerId: number) =>
  db
    .selectFrom('contracts as c')
    .innerJoin('bill_cycles as b', 'b.id', 'c.bill_cycle_id')
    .select([
      'c.id',
      'c.msisdn',
      'c.status',
      'c.sub_status',
      'c.dunning_level_reached',
      'c.fraudulent_behaviour',
      'b.start_day',
      'b.frequency_unit',
      'b.frequency_duration',
    ])
    .where('c.customer_id', '=', customerId)
    .where('c.status', 'in', ['ACTIVATED', 'SUSPENDED'])
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();

type BilledContractRow = Awaited<ReturnType<typeof billedContracts>>[number];

const cycleOf = (row: BilledContractRow) => ({
  startDay: row.start_day,
  frequencyUnit: row.frequency_unit,
  frequencyDuration: row.frequency_duration,
});

/**
 * The next invoice: issued on the first day after the current bill cycle of the customer's billed lines (the
 * earliest one if they differ), due PAYMENT_TERM_DAYS later. A customer without a billed line has no next invoice.
 */
const nextInvoice = async (db: Db, customerId: number, now: Date): Promise<{ date: string; due: string } | null> => {
  const dates = (await billedContracts(db, customerId)).map((row) => addDaysToDate(cyclePeriod(now, cycleOf(row)).end, 1)).sort();
  const date = dates[0];
  return date === undefined ? null : { date, due: addDaysToDate(date, PAYMENT_TERM_DAYS) };
};

/**
 * The structured communication that pays what a customer owes by hand (pending direct debits left aside): the
 * invoice's own when one invoice is owed, otherwise the customer's account reference (a fixed block of communications no invoice uses,
 * so a payment with it is booked on the account, oldest invoice first).
 */
export const accountReference = (customerId: number): string => structuredCommunication(9_900_000_000 + customerId);

const paymentReferenceOf = (open: readonly InvoiceRecord[], customerId: number): string | null => {
  const owed = open.filter((row) => row.total_incl_vat_cents - row.partial_paid_cents > 0);
  const only = owed[0];
  if (only === undefined) return null;
  return owed.length === 1 ? only.structured_communication : accountReference(customerId);
};

/**
 * GET /customer/{id}/invoices/situation (docs/product/invoices.md "Invoice situation", "Urgent payment"), from the
 * shared rules (contract/invoice-rules.ts `situationTotals`) on the open invoices; "today" is the service's calendar
 * day.
 */
export const invoiceSituation = async (db: Db, customerId: number, now: Date): Promise<Omit<InvoiceSituation, 'onlinePayment'>> => {
  const open = await openRows(db, customerId);
  const items: OpenItem[] = open.map((row) => ({
    uuid: row.uuid,
    total: row.total_incl_vat_cents,
    paid: row.partial_paid_cents,
    dueDate: row.due_date,
    issued: localDate(Date.parse(row.generated_at)),
    paymentMode: row.payment_mode,
  }));
  const today = localDate(now.getTime());
  const totals = situationTotals(items, today);
  const next = await nextInvoice(db, customerId, now);
  return {
    ...totals,
    nextInvoiceDate: next?.date ?? null,
    nextInvoiceDueDate: next?.due ?? null,
    paymentReference: totals.isInDebt
      ? paymentReferenceOf(
          open.filter((_, i) => !isPendingDebit(items[i] as OpenItem, today)),
          customerId,
        )
      : null,
  };
};

/**
 * GET /customer/{id}/invoices/estimate: for each billed line, the current bill cycle's plan, options and
 * promotions, the out-of-bundle costs so far and their forecast to the end of the cycle (the consumption
 * forecast's rule within the line's OSG and PSG limits, none on a blocked or suspended line: contract/estimate.ts
 * `outOfBundleForecast`). Computed from the catalogue, the usage and the limits at the time of the request.
 */
export const invoiceEstimate = async (db: Db, customerId: number, now: Date): Promise<InvoiceEstimate> => {
  const contracts: InvoiceEstimate['contracts'] = [];
  for (const row of await billedContracts(db, customerId)) {
    const period = cyclePeriod(now, cycleOf(row));
    const range = localDayRange(period.start, period.end);
    const usedRange = { from: range.from, to: Math.min(range.to, now.getTime()) };
    const charged = await outOfBundleSpending(db, row.id, usedRange);
    const safeguards = await safeguardsOf(db, row.id);
    const still = outOfBundleForecast({
      charged,
      limits: { osg: safeguards.find((s) => s.type === 'OSG'), psg: safeguards.find((s) => s.type === 'PSG') },
      line: stateFacts(row),
      cycleStart: range.from,
      cycleEnd: range.to,
      now,
    });
    const lines: EstimateLine[] = (await subscriptionLines(db, row.id)).map(({ kind, label, quantity, amount }) => ({
      kind,
      label,
      quantity,
      amount,
    }));
    lines.push({ kind: 'usage', label: null, quantity: 1, amount: charged.credit });
    lines.push({ kind: 'forecast', label: null, quantity: 1, amount: still });
    // The same use cause by cause, as an invoice bills it (one line per zone and kind), with its share of the forecast.
    const shares = forecastShares(
      still,
      charged.lines.map((line) => line.cents),
    );
    const outOfBundle = await Promise.all(
      charged.lines.map(async (line, i) => ({
        category: `${line.zone}:${line.kind}`,
        country: line.zone === 'world' ? await mainRoamingCountry(db, row.id, line.kind, usedRange) : null,
        charged: line.cents,
        forecast: shares[i] ?? 0,
      })),
    );
    contracts.push({ contractId: row.id, msisdn: row.msisdn, period, lines, outOfBundle, total: sumAmounts(lines) });
  }
  return {
    nextInvoiceDate: (await nextInvoice(db, customerId, now))?.date ?? null,
    contracts,
    total: sumAmounts(contracts.map((c) => ({ amount: c.total }))),
    computedAt: now.toISOString(),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Cost centres
// ---------------------------------------------------------------------------------------------------------------

type CostCenterRow = Row<'cost_centers'>;

export const findCostCenter = (db: Db, customerId: number, id: number): Promise<CostCenterRow | undefined> =>
  db
    .selectFrom('cost_centers')
    .select(['id', 'customer_id', 'name', 'last_update'])
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();

/** A customer's cost centres with their lines, by name (none for a residential customer). */
export const costCenters = async (db: Db, customerId: number): Promise<CostCenter[]> => {
  const rows = await db
    .selectFrom('cost_centers')
    .select(['id', 'customer_id', 'name', 'last_update'])
    .where('customer_id', '=', customerId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const lines = await db
    .selectFrom('contracts')
    .select(['id', 'cost_center_id'])
    .where('customer_id', '=', customerId)
    .where('cost_center_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    contractIds: lines.filter((line) => line.cost_center_id === row.id).map((line) => line.id),
    lastUpdate: row.last_update,
  }));
};

/** True when another cost centre of the customer already has this name, letter case aside (names are unique per customer). */
export const costCenterNameTaken = async (db: Db, customerId: number, id: number, name: string): Promise<boolean> =>
  (await db
    .selectFrom('cost_centers')
    .select('id')
    .where('customer_id', '=', customerId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
    .where('id', '<>', id)
    .executeTakeFirst()) !== undefined;

export const renameCostCenter = async (db: Db, id: number, name: string, lastUpdate: string): Promise<void> => {
  await db.updateTable('cost_centers').set({ name, last_update: lastUpdate }).where('id', '=', id).execute();
};

// ---------------------------------------------------------------------------------------------------------------
// Invoicing (payment details)
// ---------------------------------------------------------------------------------------------------------------

/** The invoicing fields PATCH /customer/{id}/invoicing may change. */
export type EditableInvoicing = {
  street: string;
  number: string;
  box: string | null;
  city: string;
  zip_code: string;
  country: string;
  iban: string | null;
  bic: string | null;
  payment_mode: 'DD' | 'BT';
  mandate_date: string | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
  holder_email: string | null;
};

export const updateInvoicing = async (db: Db, invoicingId: number, next: EditableInvoicing, lastUpdate: string): Promise<void> => {
  await db
    .updateTable('invoicing')
    .set({ ...next, last_update: lastUpdate })
    .where('id', '=', invoicingId)
    .execute();
};

// ---------------------------------------------------------------------------------------------------------------
// One invoice with its lines, and why it differs from the previous one
// ---------------------------------------------------------------------------------------------------------------

/**
 * GET /customer/{id}/invoices/{uuid}: an invoice with its lines as billed. Lines stored before migration 020 have no
 * amount excl. VAT: the billing run's allocation makes them (contract/bill-explanation.ts `withExclVat`), as the PDF
 * does; the totals are those issued, or split from the total incl. VAT.
 */
export const invoiceDetail = async (db: Db, row: InvoiceRecord): Promise<InvoiceDetail> => {
  const stored = await invoiceLines(db, row.id);
  const cycle = row.period_start && row.period_end ? localDayRange(row.period_start, row.period_end) : null;
  // Roaming outside the EU zone: where most of it was used, from the cycle's records (the cause says the country).
  const countryOf = async (line: (typeof stored)[number]): Promise<string | null> => {
    const [zone, kind] = (line.category ?? '').split(':');
    if (line.kind !== 'usage' || zone !== 'world' || line.contract_id === null || cycle === null) return null;
    return kind === 'data' || kind === 'call' || kind === 'sms' ? mainRoamingCountry(db, line.contract_id, kind, cycle) : null;
  };
  const lines = await Promise.all(
    stored.map(async (line) => ({
      contract_id: line.contract_id,
      msisdn: line.msisdn,
      kind: line.kind,
      label: line.label,
      category: line.category,
      quantity: line.quantity,
      amount_cents: line.amount,
      amount_excl_vat_cents: line.amountExclVat,
      from: line.from,
      to: line.to,
      country: await countryOf(line),
    })),
  );
  const complete = lines.every((line) => line.amount_excl_vat_cents !== null)
    ? lines.map((line) => ({ ...line, amount_excl_vat_cents: line.amount_excl_vat_cents ?? 0 }))
    : withExclVat(lines);
  const split = vatBreakdown(row.total_incl_vat_cents);
  const excl = row.total_excl_vat_cents ?? split.excl;
  return {
    invoice: toInvoice(row),
    lines: complete,
    totals: { excl_vat_cents: excl, vat_cents: row.vat_cents ?? row.total_incl_vat_cents - excl, incl_vat_cents: row.total_incl_vat_cents },
  };
};

const summaryOf = (row: InvoiceRecord): InvoiceSummary & { row: InvoiceRecord } => ({
  uuid: row.uuid,
  document_type: row.document_type,
  cost_center_id: row.cost_center_id,
  generated_at: row.generated_at,
  period_start: row.period_start,
  period_end: row.period_end,
  total_cents: row.total_incl_vat_cents,
  row,
});

/**
 * GET /customer/{id}/invoices/{uuid}/explanation (docs/product/invoices.md "Why this bill is different"): the invoice
 * against the previous cycle invoice of the same customer and cost centre (`previousInvoiceOf`), by `explainInvoice`.
 */
export const invoiceExplanation = async (db: Db, row: InvoiceRecord): Promise<InvoiceExplanation> => {
  const candidates = (
    await db
      .selectFrom('invoices')
      .select(COLUMNS)
      .where('customer_id', '=', row.customer_id)
      .where('document_type', '=', 'invoice')
      .where('period_start', 'is not', null)
      .where('period_start', '<', row.period_start ?? '')
      .execute()
  ).map(summaryOf);
  const previous = previousInvoiceOf(summaryOf(row), candidates);
  return explainInvoice(
    explainableOf(await invoiceDetail(db, row)),
    previous ? explainableOf(await invoiceDetail(db, previous.row)) : null,
  );
};
