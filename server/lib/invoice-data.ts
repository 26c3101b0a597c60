import type { BillCycleDto } from '#contract/contracts';
import type { Invoice, InvoiceSituation } from '#contract/invoices';
import type { Db } from '../db/database.ts';
import { addDaysToDate, cyclePeriod, localDate } from './service-calendar.ts';
import { stmt } from './sql.ts';

/*
 * Invoices of SPEC §3/§7. An invoice is open while `paid` = 0; what remains to pay is its total minus the
 * partial payments already received. The invoice state (IS_PAID, TO_PAID, DD_PENDING, DD_FAILED) is derived by
 * the app from the list it came from, the payment mode and the due date (SPEC §4 "Invoice context").
 */

/** Days between an invoice and its due date (the seed and the FAQ: "due within 15 days"). */
export const PAYMENT_TERM_DAYS = 15;

type InvoiceRow = {
  uuid: string;
  generated_at: string;
  due_date: string;
  total_incl_vat_cents: number;
  structured_communication: string;
  piece_id: string;
  payment_mode: 'DD' | 'BT';
  partial_paid_cents: number;
};

const COLUMNS = 'uuid, generated_at, due_date, total_incl_vat_cents, structured_communication, piece_id, payment_mode, partial_paid_cents';

export const toInvoice = (row: InvoiceRow): Invoice => ({
  uuid: row.uuid,
  dates: { invoice_generated_at: row.generated_at, due_date: row.due_date },
  total: { total_incl_vat: row.total_incl_vat_cents },
  structured_communication: row.structured_communication,
  piece: row.piece_id,
  details: { payment_mode: row.payment_mode },
});

/** Open invoices, oldest first (the one to pay first on top). */
const openRows = (db: Db, customerId: number): InvoiceRow[] =>
  stmt<[number], InvoiceRow>(db, `SELECT ${COLUMNS} FROM invoices WHERE customer_id = ? AND paid = 0 ORDER BY generated_at, id`).all(
    customerId,
  );

export const openInvoices = (db: Db, customerId: number): Invoice[] => openRows(db, customerId).map(toInvoice);

/** Paid invoices, newest first by default, one page. */
export const paidInvoices = (db: Db, customerId: number, order: 'asc' | 'desc', limit: number, offset: number): Invoice[] => {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return stmt<[number, number, number], InvoiceRow>(
    db,
    `SELECT ${COLUMNS} FROM invoices WHERE customer_id = ? AND paid = 1 ORDER BY generated_at ${direction}, id ${direction} LIMIT ? OFFSET ?`,
  )
    .all(customerId, limit, offset)
    .map(toInvoice);
};

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

/**
 * The next invoice: issued on the first day of the next bill cycle of the customer's billed lines (the earliest
 * one if they differ), due PAYMENT_TERM_DAYS later. Lines that are not billed (cancelled, terminated, not yet
 * delivered) do not count; a customer without a billed line has no next invoice.
 */
const nextInvoice = (db: Db, customerId: number, now: Date): { date: string; due: string } | null => {
  const cycles = stmt<[number], Omit<BillCycleRow, 'id'>>(
    db,
    `SELECT DISTINCT b.start_day, b.frequency_unit, b.frequency_duration FROM contracts c JOIN bill_cycles b ON b.id = c.bill_cycle_id
     WHERE c.customer_id = ? AND c.status IN ('ACTIVATED', 'SUSPENDED')`,
  ).all(customerId);
  const dates = cycles
    .map((row) =>
      addDaysToDate(
        cyclePeriod(now, { startDay: row.start_day, frequencyUnit: row.frequency_unit, frequencyDuration: row.frequency_duration }).end,
        1,
      ),
    )
    .sort();
  const date = dates[0];
  return date === undefined ? null : { date, due: addDaysToDate(date, PAYMENT_TERM_DAYS) };
};

/**
 * GET /customer/{id}/invoices/situation (SPEC §3 "Invoice situation", §4 urgent payment). openInvoiceTotal is
 * NEGATIVE when the customer owes money (SPEC: negative means debt); a credit note left open makes it positive.
 */
export const invoiceSituation = (db: Db, customerId: number, now: Date): InvoiceSituation => {
  const open = openRows(db, customerId);
  const owed = open.reduce((sum, row) => sum + row.total_incl_vat_cents - row.partial_paid_cents, 0);
  const openInvoiceTotal = owed === 0 ? 0 : -owed;
  const first = open[0];
  const partialPayments: Record<string, number> = {};
  for (const row of open) if (row.partial_paid_cents > 0) partialPayments[row.uuid] = row.partial_paid_cents;
  const isInDebt = openInvoiceTotal < 0;
  // Urgent: the oldest open invoice's due date is behind us (today, in the service's calendar) and money is owed.
  const payUrgently = first !== undefined && first.due_date < localDate(now.getTime()) && isInDebt;
  const next = nextInvoice(db, customerId, now);
  return {
    openInvoiceTotal,
    firstInvoiceDueDate: first?.due_date ?? null,
    firstInvoiceIssueDate: first ? localDate(Date.parse(first.generated_at)) : null,
    nextInvoiceDate: next?.date ?? null,
    nextInvoiceDueDate: next?.due ?? null,
    partialPayments,
    payUrgently,
    hasOpenInvoice: openInvoiceTotal !== 0 || payUrgently,
    isInDebt,
  };
};
