import { randomUUID } from 'node:crypto';
import { cycleDates, type BillCycle } from '#contract/bill-cycle';
import { creditsToDeduct, lineCycleLines, sumAmounts, type BilledLine } from '#contract/billing';
import { type Db, writeTransaction } from '../db/engine.ts';
import { addDaysToDate, localDate } from '#contract/calendar';
import { billingStart, heldItems, lastHeldDay, syncSubscriptionHistory } from './subscription-history.ts';
import { creditLabel, cycleUsageCharges, openCredits, promotionTerms } from './billing-charges.ts';
import { type IssuedDocument, issueDocument } from './billing-documents.ts';

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
 * The seed runs this same code at each cycle close of the demo's last months (server/demo/seeding/invoices.ts), so
 * every demo customer's last closed cycle is invoiced whatever the day of the first start.
 */
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
