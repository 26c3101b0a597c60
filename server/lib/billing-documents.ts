/* The documents the billing issues (invoices and credit notes): their gapless numbers and their rows (docs/product/invoices.md "The billing run"). */
import { invoiceTotals, type BilledLine } from '#contract/billing';
import { structuredCommunication } from '#contract/structured-communication';
import type { Db } from '../db/engine.ts';
import { PAYMENT_TERM_DAYS } from './invoice-data.ts';
import { addDaysToDate, localDate } from '#contract/calendar';

export type DocumentType = 'invoice' | 'credit_note';

const SERIES_PREFIX: Record<DocumentType, string> = { invoice: 'F', credit_note: 'NC' };
const SERIES_DIGIT: Record<DocumentType, number> = { invoice: 1, credit_note: 2 };

/**
 * The next number of a document issued on `issued` ('YYYY-MM-DD'): one gapless series per type and year (F2026-000001,
 * NC2026-000001 …), counted in the caller's write transaction. Its structured communication is made of the year, the
 * type and the number (26 1 0000123 → +++261/0000/12380+++ with its check digits): unique without a lookup, and
 * outside the block of account references (99…, invoice-data.ts `accountReference`).
 */
export const nextDocumentNumber = async (db: Db, type: DocumentType, issued: string): Promise<{ piece: string; communication: string }> => {
  const year = issued.slice(0, 4);
  const series = `${SERIES_PREFIX[type]}${year}`;
  const { last_number: number } = await db
    .insertInto('document_sequences')
    .values({ series, last_number: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet((eb) => ({ last_number: eb(eb.ref('document_sequences.last_number'), '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  if (number >= 10_000_000) throw new Error(`series ${series} is full`);
  return {
    piece: `${series}-${String(number).padStart(6, '0')}`,
    communication: structuredCommunication((Number(year) % 100) * 100_000_000 + SERIES_DIGIT[type] * 10_000_000 + number),
  };
};

export type DocumentInput = {
  customerId: number;
  costCenterId: number | null;
  /** The line of a one-line document (null: several lines). */
  contractId: number | null;
  type: DocumentType;
  lines: readonly BilledLine[];
  period: { start: string; end: string } | null;
  now: Date;
  uuid: string;
};

export type IssuedDocument = { id: number; uuid: string; piece: string; total: number };

/**
 * Writes one invoice or credit note with its lines: numbered, its totals excl. VAT, VAT and incl. VAT (the lines'
 * sum), due PAYMENT_TERM_DAYS after its issue, paid the customer's way. Call inside a write transaction.
 */
export const issueDocument = async (db: Db, input: DocumentInput): Promise<IssuedDocument> => {
  const issued = localDate(input.now.getTime());
  const { piece, communication } = await nextDocumentNumber(db, input.type, issued);
  const totals = invoiceTotals(input.lines);
  const paymentMode =
    (await db.selectFrom('invoicing').select('payment_mode').where('customer_id', '=', input.customerId).executeTakeFirst())
      ?.payment_mode ?? 'BT';
  const { id } = await db
    .insertInto('invoices')
    .values({
      uuid: input.uuid,
      customer_id: input.customerId,
      contract_id: input.contractId,
      generated_at: input.now.toISOString(),
      due_date: addDaysToDate(issued, PAYMENT_TERM_DAYS),
      total_incl_vat_cents: totals.incl,
      total_excl_vat_cents: totals.excl,
      vat_cents: totals.vat,
      structured_communication: communication,
      piece_id: piece,
      payment_mode: paymentMode,
      paid: 0,
      paid_at: null,
      partial_paid_cents: 0,
      cost_center_id: input.costCenterId,
      period_start: input.period?.start ?? null,
      period_end: input.period?.end ?? null,
      document_type: input.type,
      emailed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.lines.length > 0)
    await db
      .insertInto('invoice_lines')
      .values(
        input.lines.map((line, position) => ({
          invoice_id: id,
          contract_id: line.contractId,
          msisdn: line.msisdn,
          position,
          kind: line.kind,
          label_json: line.label ? JSON.stringify(line.label) : null,
          category: line.category,
          quantity: Math.max(1, Math.abs(line.quantity)),
          amount_cents: line.amount,
          amount_excl_vat_cents: totals.linesExcl[position] ?? 0,
          period_from: line.from,
          period_to: line.to,
        })),
      )
      .execute();
  return { id, uuid: input.uuid, piece, total: totals.incl };
};
