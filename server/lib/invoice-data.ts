import type { BilledLineKind } from '#contract/billing';
import type { BillCycleDto } from '#contract/contracts';
import type { Translated } from '#contract/common';
import { forecast } from '#contract/forecast';
import { isPendingDebit, situationTotals, type OpenItem } from '#contract/invoice-rules';
import type { CostCenter, EstimateLine, Invoice, InvoiceEstimate, InvoiceSituation } from '#contract/invoices';
import { structuredCommunication } from '#contract/structured-communication';
import type { Db } from '../db/database.ts';
import { sumAmounts } from '#contract/pricing';
import { outOfBundleCost, subscriptionLines } from './invoice-lines.ts';
import { addDaysToDate, cyclePeriod, localDate, localDayRange } from './service-calendar.ts';
import { stmt } from './sql.ts';

/*
 * Invoices of SPEC §3/§7, and the cost centres of professional customers. An invoice is open while `paid` = 0;
 * what remains to pay is its total minus the partial payments already received. A credit note is a document of
 * its own with a negative total. The invoice context (IS_PAID, TO_PAID, DD_PENDING, DD_FAILED) is derived from
 * the list it came from, the payment mode and the due date (contract/invoice-rules.ts), by the app and the PDF.
 */

/** Days between an invoice and its due date (the seed and the FAQ: "due within 15 days"). */
export const PAYMENT_TERM_DAYS = 15;

export type InvoiceRow = {
  id: number;
  uuid: string;
  customer_id: number;
  generated_at: string;
  due_date: string;
  total_incl_vat_cents: number;
  structured_communication: string;
  piece_id: string;
  payment_mode: 'DD' | 'BT';
  paid: number;
  paid_at: string | null;
  partial_paid_cents: number;
  cost_center_id: number | null;
  period_start: string | null;
  period_end: string | null;
  document_type: 'invoice' | 'credit_note';
  /** As issued; null on documents issued before migration 020 (split from the total incl. VAT when printed). */
  total_excl_vat_cents: number | null;
  vat_cents: number | null;
};

const COLUMNS = `id, uuid, customer_id, generated_at, due_date, total_incl_vat_cents, structured_communication, piece_id, payment_mode,
  paid, paid_at, partial_paid_cents, cost_center_id, period_start, period_end, document_type, total_excl_vat_cents, vat_cents`;

export const toInvoice = (row: InvoiceRow): Invoice => ({
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

/** Rows of one cost centre, or of the whole customer when `costCenterId` is undefined. */
const costCenterClause = (costCenterId: number | undefined): string => (costCenterId === undefined ? '' : 'AND cost_center_id = ?');
const costCenterArgs = (costCenterId: number | undefined): number[] => (costCenterId === undefined ? [] : [costCenterId]);

/** Open invoices and credit notes, the one due first on top. */
const openRows = (db: Db, customerId: number, costCenterId?: number): InvoiceRow[] =>
  db
    .prepare<number[], InvoiceRow>(
      `SELECT ${COLUMNS} FROM invoices WHERE customer_id = ? AND paid = 0 ${costCenterClause(costCenterId)}
       ORDER BY due_date, generated_at, id`,
    )
    .all(customerId, ...costCenterArgs(costCenterId));

export const openInvoices = (db: Db, customerId: number, costCenterId?: number): Invoice[] =>
  openRows(db, customerId, costCenterId).map(toInvoice);

export const countPaidInvoices = (db: Db, customerId: number, costCenterId?: number): number =>
  db
    .prepare<number[], { n: number }>(
      `SELECT COUNT(*) AS n FROM invoices WHERE customer_id = ? AND paid = 1 ${costCenterClause(costCenterId)}`,
    )
    .get(customerId, ...costCenterArgs(costCenterId))?.n ?? 0;

/** Paid invoices, newest first by default, one page. */
export const paidInvoices = (
  db: Db,
  customerId: number,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
  costCenterId?: number,
): Invoice[] => {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return db
    .prepare<number[], InvoiceRow>(
      `SELECT ${COLUMNS} FROM invoices WHERE customer_id = ? AND paid = 1 ${costCenterClause(costCenterId)}
       ORDER BY generated_at ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(customerId, ...costCenterArgs(costCenterId), limit, offset)
    .map(toInvoice);
};

/** One invoice of this customer (undefined for another customer's: the route answers 404, revealing nothing). */
export const findInvoice = (db: Db, customerId: number, uuid: string): InvoiceRow | undefined =>
  stmt<[string, number], InvoiceRow>(db, `SELECT ${COLUMNS} FROM invoices WHERE uuid = ? AND customer_id = ?`).get(uuid, customerId);

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
export const invoiceLines = (db: Db, invoiceId: number): StoredLine[] =>
  stmt<
    [number],
    {
      contract_id: number | null;
      msisdn: string | null;
      kind: BilledLineKind;
      label_json: string | null;
      category: string | null;
      quantity: number;
      amount_cents: number;
      amount_excl_vat_cents: number | null;
      period_from: string | null;
      period_to: string | null;
    }
  >(
    db,
    `SELECT contract_id, msisdn, kind, label_json, category, quantity, amount_cents, amount_excl_vat_cents, period_from, period_to
     FROM invoice_lines WHERE invoice_id = ? ORDER BY position`,
  )
    .all(invoiceId)
    .map((row) => ({
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

type BillCycleRow = { id: number; start_day: number; frequency_unit: BillCycleDto['frequencyUnit']; frequency_duration: number };

export const findBillCycle = (db: Db, id: number): BillCycleDto | undefined => {
  const row = stmt<[number], BillCycleRow>(
    db,
    'SELECT id, start_day, frequency_unit, frequency_duration FROM bill_cycles WHERE id = ?',
  ).get(id);
  return row
    ? { id: row.id, startDay: row.start_day, frequencyUnit: row.frequency_unit, frequencyDuration: row.frequency_duration }
    : undefined;
};

type BilledContractRow = {
  id: number;
  msisdn: string | null;
  start_day: number;
  frequency_unit: BillCycleDto['frequencyUnit'];
  frequency_duration: number;
};

/** The lines an invoice bills: cancelled, terminated and not yet delivered lines are not billed. */
const billedContracts = (db: Db, customerId: number): BilledContractRow[] =>
  stmt<[number], BilledContractRow>(
    db,
    `SELECT c.id, c.msisdn, b.start_day, b.frequency_unit, b.frequency_duration FROM contracts c JOIN bill_cycles b ON b.id = c.bill_cycle_id
     WHERE c.customer_id = ? AND c.status IN ('ACTIVATED', 'SUSPENDED') ORDER BY c.created_at, c.id`,
  ).all(customerId);

const cycleOf = (row: BilledContractRow) => ({
  startDay: row.start_day,
  frequencyUnit: row.frequency_unit,
  frequencyDuration: row.frequency_duration,
});

/**
 * The next invoice: issued on the first day after the current bill cycle of the customer's billed lines (the
 * earliest one if they differ), due PAYMENT_TERM_DAYS later. A customer without a billed line has no next invoice.
 */
const nextInvoice = (db: Db, customerId: number, now: Date): { date: string; due: string } | null => {
  const dates = billedContracts(db, customerId)
    .map((row) => addDaysToDate(cyclePeriod(now, cycleOf(row)).end, 1))
    .sort();
  const date = dates[0];
  return date === undefined ? null : { date, due: addDaysToDate(date, PAYMENT_TERM_DAYS) };
};

/**
 * The structured communication that pays what a customer owes by hand (pending direct debits left aside): the
 * invoice's own when one invoice is owed, otherwise the customer's account reference (a fixed block of communications no invoice uses,
 * so a payment with it is booked on the account, oldest invoice first).
 */
export const accountReference = (customerId: number): string => structuredCommunication(9_900_000_000 + customerId);

const paymentReferenceOf = (open: readonly InvoiceRow[], customerId: number): string | null => {
  const owed = open.filter((row) => row.total_incl_vat_cents - row.partial_paid_cents > 0);
  const only = owed[0];
  if (only === undefined) return null;
  return owed.length === 1 ? only.structured_communication : accountReference(customerId);
};

/**
 * GET /customer/{id}/invoices/situation (SPEC §3 "Invoice situation", §4 urgent payment), from the shared rules
 * (contract/invoice-rules.ts `situationTotals`) on the open invoices; "today" is the service's calendar day.
 */
export const invoiceSituation = (db: Db, customerId: number, now: Date): InvoiceSituation => {
  const open = openRows(db, customerId);
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
  const next = nextInvoice(db, customerId, now);
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
 * forecast's rule, contract/forecast.ts). Computed from the catalogue and the usage at the time of the request.
 */
export const invoiceEstimate = (db: Db, customerId: number, now: Date): InvoiceEstimate => {
  const contracts = billedContracts(db, customerId).map((row) => {
    const period = cyclePeriod(now, cycleOf(row));
    const range = localDayRange(period.start, period.end);
    const soFar = outOfBundleCost(db, row.id, { from: range.from, to: Math.min(range.to, now.getTime()) });
    const projected = forecast({ used: soFar, limit: 0, cycleStart: range.from, cycleEnd: range.to, now }).projected;
    const still = projected === null ? 0 : Math.max(0, Math.round(projected) - soFar);
    const lines: EstimateLine[] = subscriptionLines(db, row.id).map(({ kind, label, quantity, amount }) => ({
      kind,
      label,
      quantity,
      amount,
    }));
    lines.push({ kind: 'usage', label: null, quantity: 1, amount: soFar });
    lines.push({ kind: 'forecast', label: null, quantity: 1, amount: still });
    return { contractId: row.id, msisdn: row.msisdn, period, lines, total: sumAmounts(lines) };
  });
  return {
    nextInvoiceDate: nextInvoice(db, customerId, now)?.date ?? null,
    contracts,
    total: sumAmounts(contracts.map((c) => ({ amount: c.total }))),
    computedAt: now.toISOString(),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Cost centres
// ---------------------------------------------------------------------------------------------------------------

type CostCenterRow = { id: number; customer_id: number; name: string; last_update: string };

export const findCostCenter = (db: Db, customerId: number, id: number): CostCenterRow | undefined =>
  stmt<[number, number], CostCenterRow>(
    db,
    'SELECT id, customer_id, name, last_update FROM cost_centers WHERE id = ? AND customer_id = ?',
  ).get(id, customerId);

/** A customer's cost centres with their lines, by name (none for a residential customer). */
export const costCenters = (db: Db, customerId: number): CostCenter[] => {
  const rows = stmt<[number], CostCenterRow>(
    db,
    'SELECT id, customer_id, name, last_update FROM cost_centers WHERE customer_id = ? ORDER BY name, id',
  ).all(customerId);
  const lines = stmt<[number], { id: number; cost_center_id: number }>(
    db,
    'SELECT id, cost_center_id FROM contracts WHERE customer_id = ? AND cost_center_id IS NOT NULL ORDER BY id',
  ).all(customerId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    contractIds: lines.filter((line) => line.cost_center_id === row.id).map((line) => line.id),
    lastUpdate: row.last_update,
  }));
};

/** True when another cost centre of the customer already has this name (names are unique per customer). */
export const costCenterNameTaken = (db: Db, customerId: number, id: number, name: string): boolean =>
  stmt<[number, string, number], { id: number }>(
    db,
    'SELECT id FROM cost_centers WHERE customer_id = ? AND name = ? COLLATE NOCASE AND id <> ?',
  ).get(customerId, name, id) !== undefined;

export const renameCostCenter = (db: Db, id: number, name: string, lastUpdate: string): void => {
  stmt<[string, string, number]>(db, 'UPDATE cost_centers SET name = ?, last_update = ? WHERE id = ?').run(name, lastUpdate, id);
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

export const updateInvoicing = (db: Db, invoicingId: number, next: EditableInvoicing, lastUpdate: string): void => {
  stmt<
    [
      string,
      string,
      string | null,
      string,
      string,
      string,
      string | null,
      string | null,
      string,
      string | null,
      string | null,
      string | null,
      string | null,
      string,
      number,
    ]
  >(
    db,
    `UPDATE invoicing SET street = ?, number = ?, box = ?, city = ?, zip_code = ?, country = ?, iban = ?, bic = ?, payment_mode = ?,
     mandate_date = ?, holder_first_name = ?, holder_last_name = ?, holder_email = ?, last_update = ? WHERE id = ?`,
  ).run(
    next.street,
    next.number,
    next.box,
    next.city,
    next.zip_code,
    next.country,
    next.iban,
    next.bic,
    next.payment_mode,
    next.mandate_date,
    next.holder_first_name,
    next.holder_last_name,
    next.holder_email,
    lastUpdate,
    invoicingId,
  );
};
