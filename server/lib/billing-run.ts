import { randomUUID } from 'node:crypto';
import { cycleDates, type BillCycle } from '#contract/bill-cycle';
import {
  creditsToDeduct,
  invoiceTotals,
  lineCycleLines,
  sumAmounts,
  type BilledLine,
  type OpenCredit,
  type UsageCharge,
} from '#contract/billing';
import type { Translated } from '#contract/common';
import type { PromotionTerms } from '#contract/pricing';
import { bundleOf, type AllowanceZone } from '#contract/rating';
import { structuredCommunication } from '#contract/structured-communication';
import type { Db } from '../db/database.ts';
import { PAYMENT_TERM_DAYS } from './invoice-data.ts';
import { addDaysToDate, localDate, localDayRange } from './service-calendar.ts';
import { stmt, writeTransaction } from './sql.ts';
import { billingStart, heldItems, lastHeldDay, syncSubscriptionHistory } from './subscription-history.ts';
import { chargeLineLabel } from './charge-labels.ts';
import { rateCycle, type RatingPlan } from './rating-data.ts';

/*
 * The billing run (docs/product/invoices.md "The billing run", docs/product/operations.md "Jobs"): at each bill
 * cycle's close, every billed line gets its cycle invoiced — one invoice per customer, cost centre and cycle —
 * with contract/billing.ts's lines (plan and options pro rata, promotions, out-of-bundle usage, credit notes taken
 * off), its totals excl. VAT / VAT / incl. VAT, a gapless number and its structured communication. The e-mail goes
 * out afterwards (`sendInvoiceEmails`); the INV alerts follow from the alert engine, which announces every new
 * invoice on the channels the line's alert settings ask for.
 *
 * Once only: every cycle of every line is recorded in `billed_cycles` (primary key: line, cycle start) in the same
 * write transaction as its invoice, and each invoice's transaction reads again what is still unbilled before it
 * writes. A second run, or a second instance running at the same moment, finds nothing left or fails on the key and
 * rolls its invoice back whole (number included: the numbering stays gapless). On PostgreSQL the same transaction
 * runs under the job's advisory lock; the key stays the guarantee.
 *
 * The seed runs this same code at each cycle close of the demo's last months (server/db/seeding/invoices.ts), so
 * every demo customer's last closed cycle is invoiced whatever the day of the first start.
 */

export type DocumentType = 'invoice' | 'credit_note';

const SERIES_PREFIX: Record<DocumentType, string> = { invoice: 'F', credit_note: 'NC' };
const SERIES_DIGIT: Record<DocumentType, number> = { invoice: 1, credit_note: 2 };

/**
 * The next number of a document issued on `issued` ('YYYY-MM-DD'): one gapless series per type and year (F2026-000001,
 * NC2026-000001 …), counted in the caller's write transaction. Its structured communication is made of the year, the
 * type and the number (26 1 0000123 → +++261/0000/12380+++ with its check digits): unique without a lookup, and
 * outside the block of account references (99…, invoice-data.ts `accountReference`).
 */
export const nextDocumentNumber = (db: Db, type: DocumentType, issued: string): { piece: string; communication: string } => {
  const year = issued.slice(0, 4);
  const series = `${SERIES_PREFIX[type]}${year}`;
  const number = stmt<[string], { last_number: number }>(
    db,
    `INSERT INTO document_sequences (series, last_number) VALUES (?, 1)
     ON CONFLICT (series) DO UPDATE SET last_number = last_number + 1 RETURNING last_number`,
  ).get(series)!.last_number;
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
export const issueDocument = (db: Db, input: DocumentInput): IssuedDocument => {
  const issued = localDate(input.now.getTime());
  const { piece, communication } = nextDocumentNumber(db, input.type, issued);
  const totals = invoiceTotals(input.lines);
  const paymentMode =
    stmt<[number], { payment_mode: 'DD' | 'BT' }>(db, 'SELECT payment_mode FROM invoicing WHERE customer_id = ?').get(input.customerId)
      ?.payment_mode ?? 'BT';
  const id = Number(
    stmt(
      db,
      `INSERT INTO invoices (uuid, customer_id, contract_id, generated_at, due_date, total_incl_vat_cents, total_excl_vat_cents, vat_cents,
         structured_communication, piece_id, payment_mode, paid, paid_at, partial_paid_cents, cost_center_id, period_start, period_end,
         document_type, emailed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, 0, ?, ?, ?, ?, NULL)`,
    ).run(
      input.uuid,
      input.customerId,
      input.contractId,
      input.now.toISOString(),
      addDaysToDate(issued, PAYMENT_TERM_DAYS),
      totals.incl,
      totals.excl,
      totals.vat,
      communication,
      piece,
      paymentMode,
      input.costCenterId,
      input.period?.start ?? null,
      input.period?.end ?? null,
      input.type,
    ).lastInsertRowid,
  );
  input.lines.forEach((line, position) => {
    stmt(
      db,
      `INSERT INTO invoice_lines (invoice_id, contract_id, msisdn, position, kind, label_json, category, quantity, amount_cents,
         amount_excl_vat_cents, period_from, period_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      line.contractId,
      line.msisdn,
      position,
      line.kind,
      line.label ? JSON.stringify(line.label) : null,
      line.category,
      Math.max(1, Math.abs(line.quantity)),
      line.amount,
      totals.linesExcl[position] ?? 0,
      line.from,
      line.to,
    );
  });
  return { id, uuid: input.uuid, piece, total: totals.incl };
};

// ---------------------------------------------------------------------------------------------------------------
// What is due
// ---------------------------------------------------------------------------------------------------------------

type CandidateRow = {
  id: number;
  customer_id: number;
  msisdn: string | null;
  cost_center_id: number | null;
  activated_at: string | null;
  billing_from: string | null;
  start_day: number;
  frequency_unit: BillCycle['frequencyUnit'];
  frequency_duration: number;
};

/** One invoice to issue: a customer's lines of one cost centre over one cycle. */
export type DueInvoice = {
  customerId: number;
  costCenterId: number | null;
  period: { start: string; end: string };
  contracts: { id: number; msisdn: string | null }[];
};

const candidates = (db: Db): CandidateRow[] =>
  stmt<[], CandidateRow>(
    db,
    `SELECT c.id, c.customer_id, c.msisdn, c.cost_center_id, c.activated_at, c.billing_from, b.start_day, b.frequency_unit,
       b.frequency_duration
     FROM contracts c JOIN bill_cycles b ON b.id = c.bill_cycle_id
     WHERE c.activated_at IS NOT NULL OR c.billing_from IS NOT NULL ORDER BY c.customer_id, c.created_at, c.id`,
  ).all();

/**
 * The invoices due on `today` ('YYYY-MM-DD'): for every line, each cycle that ended before today, from the line's
 * billing start and after its last billed cycle, while the line held something during it; grouped by customer, cost
 * centre and cycle, oldest cycle first. Read only.
 */
export const dueInvoices = (db: Db, today: string): DueInvoice[] => {
  const groups = new Map<string, DueInvoice>();
  for (const row of candidates(db)) {
    const start = billingStart(row);
    if (start === null) continue;
    const cycle: BillCycle = { startDay: row.start_day, frequencyUnit: row.frequency_unit, frequencyDuration: row.frequency_duration };
    const lastBilled = stmt<[number], { last: string | null }>(
      db,
      'SELECT MAX(period_end) AS last FROM billed_cycles WHERE contract_id = ?',
    ).get(row.id)?.last;
    const held = lastHeldDay(db, row.id);
    let period = cycleDates(cycle, lastBilled ? addDaysToDate(lastBilled, 1) : start);
    while (period.end < today) {
      // A line that ended holds nothing in the cycles after its last day.
      if (!held.open && (held.last === null || period.start > held.last)) break;
      const key = `${row.customer_id}|${row.cost_center_id ?? ''}|${period.start}|${period.end}`;
      const group = groups.get(key) ?? { customerId: row.customer_id, costCenterId: row.cost_center_id, period, contracts: [] };
      group.contracts.push({ id: row.id, msisdn: row.msisdn });
      groups.set(key, group);
      period = cycleDates(cycle, addDaysToDate(period.end, 1));
    }
  }
  return [...groups.values()].sort((a, b) =>
    a.period.end < b.period.end ? -1 : a.period.end > b.period.end ? 1 : a.customerId - b.customerId,
  );
};

// ---------------------------------------------------------------------------------------------------------------
// What a line's cycle costs
// ---------------------------------------------------------------------------------------------------------------

/** Every promotion of the catalogue, as contract/pricing.ts takes them. */
export const promotionTerms = (db: Db): PromotionTerms[] =>
  stmt<
    [],
    {
      id: number;
      product_id: number | null;
      contract_id: number | null;
      discount_type: 'percentage' | 'amount';
      discount_amount: number;
      descriptions_json: string;
    }
  >(db, 'SELECT id, product_id, contract_id, discount_type, discount_amount, descriptions_json FROM promotions ORDER BY id')
    .all()
    .map((row) => ({
      id: row.id,
      productId: row.product_id,
      contractId: row.contract_id,
      type: row.discount_type,
      amount: row.discount_amount,
      label: JSON.parse(row.descriptions_json) as Translated,
    }));

/**
 * What the line's allowances and out-of-bundle rates were when a cycle closed: the plan and the options it held on the
 * cycle's last day (its history), as the rating model takes them.
 */
const ratingPlanAt = (db: Db, contractId: number, day: string): RatingPlan => {
  const held = heldItems(db, contractId, day, day);
  const rows = (ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .prepare<
            number[],
            {
              id: number;
              data_limit_mb: number;
              voice_limit_min: number;
              sms_limit: number;
              allowance_zone: AllowanceZone;
              oob_data_cents_per_mb: number;
              oob_call_cents_per_min: number;
              oob_sms_cents: number;
            }
          >(
            `SELECT id, data_limit_mb, voice_limit_min, sms_limit, allowance_zone, oob_data_cents_per_mb, oob_call_cents_per_min, oob_sms_cents
             FROM products WHERE id IN (${ids.map(() => '?').join(', ')})`,
          )
          .all(...ids);
  const products = new Map(rows(held.map((item) => item.productId)).map((row) => [row.id, row]));
  const volumes = (row: { data_limit_mb: number; voice_limit_min: number; sms_limit: number }) => ({
    dataMb: row.data_limit_mb,
    voiceMinutes: row.voice_limit_min,
    smsCount: row.sms_limit,
  });
  const plan = products.get(held.find((item) => item.kind === 'plan')?.productId ?? -1);
  const options = held.flatMap((item) => {
    const row = item.kind === 'option' ? products.get(item.productId) : undefined;
    return row ? [{ ...volumes(row), zone: row.allowance_zone, count: item.count }] : [];
  });
  return {
    bundle: bundleOf(plan ? volumes(plan) : { dataMb: 0, voiceMinutes: 0, smsCount: 0 }, options),
    rates: plan
      ? { dataPerMb: plan.oob_data_cents_per_mb, callPerMinute: plan.oob_call_cents_per_min, sms: plan.oob_sms_cents }
      : { dataPerMb: 0, callPerMinute: 0, sms: 0 },
  };
};

/**
 * The out-of-bundle use of a line's cycle as the rating model charges it (contract/rating.ts): one line per zone
 * and kind, quantity × unit price in its words — the figures of the usage summary and the statements of that cycle.
 */
export const cycleUsageCharges = (db: Db, contractId: number, period: { start: string; end: string }): UsageCharge[] =>
  rateCycle(db, contractId, localDayRange(period.start, period.end), ratingPlanAt(db, contractId, period.end)).lines.map((line) => ({
    category: `${line.zone}:${line.kind}`,
    label: chargeLineLabel(line),
    amount: line.cents,
  }));

/** The text of a credit note taken off an invoice. */
const creditLabel = (piece: string): Translated => ({
  fr: `Note de crédit ${piece} déduite`,
  nl: `Creditnota ${piece} verrekend`,
  en: `Credit note ${piece} deducted`,
});

type OpenCreditRow = { id: number; piece_id: string; generated_at: string; total_incl_vat_cents: number; partial_paid_cents: number };

const openCredits = (db: Db, customerId: number, costCenterId: number | null): (OpenCredit & { id: number })[] =>
  stmt<[number, number | null, number | null], OpenCreditRow>(
    db,
    `SELECT id, piece_id, generated_at, total_incl_vat_cents, partial_paid_cents FROM invoices
     WHERE customer_id = ? AND document_type = 'credit_note' AND paid = 0 AND (cost_center_id IS ? OR cost_center_id = ?) ORDER BY generated_at, id`,
  )
    .all(customerId, costCenterId, costCenterId)
    .map((row) => ({
      id: row.id,
      piece: row.piece_id,
      issued: localDate(Date.parse(row.generated_at)),
      amount: -row.total_incl_vat_cents - row.partial_paid_cents,
    }));

export type BillingOptions = {
  /** The invoices' uuids (the seed draws them from its own random stream, so that two seeds write the same rows). */
  uuid?: () => string;
};

/**
 * Issues one due invoice in its own write transaction, or nothing when another run billed its cycle meanwhile (or
 * its lines held nothing). Returns the invoice issued.
 */
export const issueDueInvoice = (db: Db, due: DueInvoice, now: Date, options: BillingOptions = {}): IssuedDocument | null =>
  writeTransaction(db, () => {
    const today = localDate(now.getTime());
    const unbilled = due.contracts.filter(
      (contract) =>
        stmt<[number, string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM billed_cycles WHERE contract_id = ? AND period_start = ?').get(
          contract.id,
          due.period.start,
        )!.n === 0,
    );
    if (unbilled.length === 0) return null;
    const promotions = promotionTerms(db);
    const lines = unbilled.flatMap((contract) =>
      lineCycleLines({
        contractId: contract.id,
        msisdn: contract.msisdn,
        period: due.period,
        held: heldItems(db, contract.id, due.period.start, due.period.end),
        promotions,
        usage: cycleUsageCharges(db, contract.id, due.period),
      }),
    );
    let issued: IssuedDocument | null = null;
    if (lines.length > 0) {
      const credits = openCredits(db, due.customerId, due.costCenterId);
      const used = creditsToDeduct(sumAmounts(lines), today, credits);
      for (const credit of used) {
        lines.push({
          contractId: null,
          msisdn: null,
          kind: 'credit',
          label: creditLabel(credit.piece),
          category: null,
          quantity: 1,
          amount: -credit.amount,
          from: null,
          to: null,
        });
      }
      issued = issueDocument(db, {
        customerId: due.customerId,
        costCenterId: due.costCenterId,
        contractId: unbilled.length === 1 ? (unbilled[0]?.id ?? null) : null,
        type: 'invoice',
        lines,
        period: due.period,
        now,
        uuid: options.uuid?.() ?? randomUUID(),
      });
      for (const credit of used) {
        const id = credits.find((c) => c.piece === credit.piece)?.id;
        if (id !== undefined)
          stmt<[string, number]>(db, 'UPDATE invoices SET paid = 1, paid_at = ? WHERE id = ?').run(now.toISOString(), id);
      }
    }
    for (const contract of unbilled) {
      stmt<[number, string, string, number | null, string]>(
        db,
        'INSERT INTO billed_cycles (contract_id, period_start, period_end, invoice_id, billed_at) VALUES (?, ?, ?, ?, ?)',
      ).run(contract.id, due.period.start, due.period.end, issued?.id ?? null, now.toISOString());
    }
    return issued;
  });

/**
 * One billing run at `now`: the lines' histories are brought up to date, then every due invoice is issued, oldest
 * cycle first, each in its own transaction. Running it again at the same `now` issues nothing.
 */
export const billingRun = (db: Db, now: Date, options: BillingOptions = {}): IssuedDocument[] => {
  const today = localDate(now.getTime());
  const due = dueInvoices(db, today);
  if (due.length === 0) return [];
  writeTransaction(db, () => {
    for (const id of new Set(due.flatMap((group) => group.contracts.map((c) => c.id)))) syncSubscriptionHistory(db, id, today);
  });
  const issued: IssuedDocument[] = [];
  // Read again after the sync: a line that turns out to have ended holds nothing in the cycles after.
  for (const group of dueInvoices(db, today)) {
    const document = issueDueInvoice(db, group, now, options);
    if (document) issued.push(document);
  }
  return issued;
};
