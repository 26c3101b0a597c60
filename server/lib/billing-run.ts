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
import { bundleOf } from '#contract/rating';
import { structuredCommunication } from '#contract/structured-communication';
import type { Db } from '../db/database.ts';
import { PAYMENT_TERM_DAYS } from './invoice-data.ts';
import { addDaysToDate, localDate, localDayRange } from './service-calendar.ts';
import { writeTransaction } from '../db/engine.ts';
import { billingStart, heldItems, lastHeldDay, syncSubscriptionHistory } from './subscription-history.ts';
import { chargeLineLabel } from './charge-labels.ts';
import { rateCycle, type RatingPlan } from './rating-data.ts';

/*
 * The billing run (docs/product/invoices.md "The billing run", docs/product/operations.md "Jobs on the clock"): at each
 * bill cycle's close, every billed line gets its cycle invoiced — one invoice per customer, cost centre and cycle —
 * with contract/billing.ts's lines (plan and options pro rata, promotions, out-of-bundle usage, credit notes taken
 * off), its totals excl. VAT / VAT / incl. VAT, a gapless number and its structured communication. The e-mail goes out
 * afterwards (`sendInvoiceEmails`); the INV alerts follow from the alert engine, which announces every new invoice on
 * the channels the line's alert settings ask for.
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

// ---------------------------------------------------------------------------------------------------------------
// What is due
// ---------------------------------------------------------------------------------------------------------------

/** One invoice to issue: a customer's lines of one cost centre over one cycle. */
export type DueInvoice = {
  customerId: number;
  costCenterId: number | null;
  period: { start: string; end: string };
  contracts: { id: number; msisdn: string | null }[];
};

const candidates = (db: Db) =>
  db
    .selectFrom('contracts as c')
    .innerJoin('bill_cycles as b', 'b.id', 'c.bill_cycle_id')
    .select([
      'c.id',
      'c.customer_id',
      'c.msisdn',
      'c.cost_center_id',
      'c.activated_at',
      'c.billing_from',
      'b.start_day',
      'b.frequency_unit',
      'b.frequency_duration',
    ])
    .where((eb) => eb.or([eb('c.activated_at', 'is not', null), eb('c.billing_from', 'is not', null)]))
    .orderBy('c.customer_id')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();

/**
 * The invoices due on `today` ('YYYY-MM-DD'): for every line, each cycle that ended before today, from the line's
 * billing start and after its last billed cycle, while the line held something during it; grouped by customer, cost
 * centre and cycle, oldest cycle first. Read only.
 */
export const dueInvoices = async (db: Db, today: string): Promise<DueInvoice[]> => {
  const groups = new Map<string, DueInvoice>();
  for (const row of await candidates(db)) {
    const start = billingStart(row);
    if (start === null) continue;
    const cycle: BillCycle = { startDay: row.start_day, frequencyUnit: row.frequency_unit, frequencyDuration: row.frequency_duration };
    const lastBilled = (
      await db
        .selectFrom('billed_cycles')
        .select((eb) => eb.fn.max('period_end').as('last'))
        .where('contract_id', '=', row.id)
        .executeTakeFirst()
    )?.last;
    const held = await lastHeldDay(db, row.id);
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
export const promotionTerms = async (db: Db): Promise<PromotionTerms[]> =>
  (
    await db
      .selectFrom('promotions')
      .select(['id', 'product_id', 'contract_id', 'discount_type', 'discount_amount', 'descriptions_json'])
      .orderBy('id')
      .execute()
  ).map((row) => ({
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
const ratingPlanAt = async (db: Db, contractId: number, day: string): Promise<RatingPlan> => {
  const held = await heldItems(db, contractId, day, day);
  const ids = held.map((item) => item.productId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('products')
          .select([
            'id',
            'data_limit_mb',
            'voice_limit_min',
            'sms_limit',
            'allowance_zone',
            'oob_data_cents_per_mb',
            'oob_call_cents_per_min',
            'oob_sms_cents',
          ])
          .where('id', 'in', ids)
          .execute();
  const products = new Map(rows.map((row) => [row.id, row]));
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
export const cycleUsageCharges = async (db: Db, contractId: number, period: { start: string; end: string }): Promise<UsageCharge[]> =>
  (await rateCycle(db, contractId, localDayRange(period.start, period.end), await ratingPlanAt(db, contractId, period.end))).lines.map(
    (line) => ({
      category: `${line.zone}:${line.kind}`,
      label: chargeLineLabel(line),
      amount: line.cents,
    }),
  );

/** The text of a credit note taken off an invoice. */
const creditLabel = (piece: string): Translated => ({
  fr: `Note de crédit ${piece} déduite`,
  nl: `Creditnota ${piece} verrekend`,
  en: `Credit note ${piece} deducted`,
});

const openCredits = async (db: Db, customerId: number, costCenterId: number | null): Promise<(OpenCredit & { id: number })[]> =>
  (
    await db
      .selectFrom('invoices')
      .select(['id', 'piece_id', 'generated_at', 'total_incl_vat_cents', 'partial_paid_cents'])
      .where('customer_id', '=', customerId)
      .where('document_type', '=', 'credit_note')
      .where('paid', '=', 0)
      .where('cost_center_id', costCenterId === null ? 'is' : '=', costCenterId)
      .orderBy('generated_at')
      .orderBy('id')
      .execute()
  ).map((row) => ({
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
export const issueDueInvoice = (db: Db, due: DueInvoice, now: Date, options: BillingOptions = {}): Promise<IssuedDocument | null> =>
  writeTransaction(db, async (tx) => {
    const today = localDate(now.getTime());
    const unbilled: DueInvoice['contracts'] = [];
    for (const contract of due.contracts) {
      const billed = await tx
        .selectFrom('billed_cycles')
        .select('contract_id')
        .where('contract_id', '=', contract.id)
        .where('period_start', '=', due.period.start)
        .executeTakeFirst();
      if (!billed) unbilled.push(contract);
    }
    if (unbilled.length === 0) return null;
    const promotions = await promotionTerms(tx);
    const lines: BilledLine[] = [];
    for (const contract of unbilled) {
      lines.push(
        ...lineCycleLines({
          contractId: contract.id,
          msisdn: contract.msisdn,
          period: due.period,
          held: await heldItems(tx, contract.id, due.period.start, due.period.end),
          promotions,
          usage: await cycleUsageCharges(tx, contract.id, due.period),
        }),
      );
    }
    let issued: IssuedDocument | null = null;
    if (lines.length > 0) {
      const credits = await openCredits(tx, due.customerId, due.costCenterId);
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
      issued = await issueDocument(tx, {
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
        if (id !== undefined) await tx.updateTable('invoices').set({ paid: 1, paid_at: now.toISOString() }).where('id', '=', id).execute();
      }
    }
    await tx
      .insertInto('billed_cycles')
      .values(
        unbilled.map((contract) => ({
          contract_id: contract.id,
          period_start: due.period.start,
          period_end: due.period.end,
          invoice_id: issued?.id ?? null,
          billed_at: now.toISOString(),
        })),
      )
      .execute();
    return issued;
  });

/**
 * One billing run at `now`: the lines' histories are brought up to date, then every due invoice is issued, oldest
 * cycle first, each in its own transaction. Running it again at the same `now` issues nothing.
 */
export const billingRun = async (db: Db, now: Date, options: BillingOptions = {}): Promise<IssuedDocument[]> => {
  const today = localDate(now.getTime());
  const due = await dueInvoices(db, today);
  if (due.length === 0) return [];
  await writeTransaction(db, async (tx) => {
    for (const id of new Set(due.flatMap((group) => group.contracts.map((c) => c.id)))) await syncSubscriptionHistory(tx, id, today);
  });
  const issued: IssuedDocument[] = [];
  // Read again after the sync: a line that turns out to have ended holds nothing in the cycles after.
  for (const group of await dueInvoices(db, today)) {
    const document = await issueDueInvoice(db, group, now, options);
    if (document) issued.push(document);
  }
  return issued;
};
