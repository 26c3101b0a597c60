import { cycleDates, type BillCycle } from '#contract/bill-cycle';
import { issueDocument } from '../../lib/billing-documents.ts';
import { billingRun } from '../../lib/billing-run.ts';
import { addDaysToDate, localDate, startOfLocalDay } from '#contract/calendar';
import { syncSubscriptionHistory } from '../../lib/subscription-history.ts';
import { writeTransaction } from '../../db/engine.ts';
import { DAY_MS, iso } from '../data/calendar.ts';
import { BILLED_ACCOUNTS, BILLING_HOUR, COST_CENTERS, INVOICE_CYCLES, ONE_OFF_DOCUMENTS } from '../data/invoices.ts';
import type { SeedContext } from './context.ts';

/**
 * When a one-off document was issued: `ageDays` before now, after the customer's last invoice at the latest (so that
 * it stays open), or `daysBeforeLastInvoice` before that invoice (which takes a credit note off).
 */
const issuedAt = (document: (typeof ONE_OFF_DOCUMENTS)[number], nowMs: number, lastRun: number): number =>
  document.daysBeforeLastInvoice !== undefined
    ? lastRun - document.daysBeforeLastInvoice * DAY_MS
    : Math.min(nowMs, Math.max(nowMs - document.ageDays * DAY_MS, lastRun + 3_600_000));

/**
 * The demo's billing: cost centres, the history of what each line held (replayed from its executed plan and option
 * orders), then the billing run itself at each cycle's close of the last INVOICE_CYCLES cycles and the one-off
 * documents at their dates, in the order they happened — the same code, and so the same invoices, numbers and
 * communications as the server's job would have issued. Then the payments the demo's stories need. Runs after the
 * catalogue, the contracts, the usage and the orders, which the invoices are computed from.
 */
export const seedInvoices = async (s: SeedContext): Promise<void> => {
  const { db, nowMs, daysAgo, rngFor } = s;
  const rng = rngFor('invoices');
  for (const center of COST_CENTERS) {
    await db
      .insertInto('cost_centers')
      .values({ id: center.id, customer_id: center.customerId, name: center.name, last_update: iso(daysAgo(rng.int(30, 200))) })
      .execute();
    for (const contractId of center.contracts) {
      const { numUpdatedRows } = await db
        .updateTable('contracts')
        .set({ cost_center_id: center.id })
        .where('id', '=', contractId)
        .where('customer_id', '=', center.customerId)
        .executeTakeFirst();
      if (numUpdatedRows !== 1n) throw new Error(`cost centre ${center.id}: no line ${contractId}`);
    }
  }

  const billed = await db
    .selectFrom('contracts as c')
    .innerJoin('bill_cycles as b', 'b.id', 'c.bill_cycle_id')
    .select(['c.id', 'c.customer_id', 'c.activated_at', 'b.start_day', 'b.frequency_unit', 'b.frequency_duration'])
    .where('c.activated_at', 'is not', null)
    .orderBy('c.id')
    .$narrowType<{ activated_at: string }>()
    .execute();
  for (const contract of billed) await replayHistory(s, contract.id, localDate(Date.parse(contract.activated_at)));

  // The billing run bills each line from the first day of its cycle INVOICE_CYCLES back (earlier cycles were billed
  // by the operator's former system); every close from then to today is a run.
  const today = localDate(nowMs);
  const runs = new Set<number>();
  const lastRunOf = new Map<number, number>();
  for (const contract of billed) {
    const cycle: BillCycle = {
      startDay: contract.start_day,
      frequencyUnit: contract.frequency_unit,
      frequencyDuration: contract.frequency_duration,
    };
    const first = cycleDates(cycle, today, INVOICE_CYCLES);
    await db.updateTable('contracts').set({ billing_from: first.start }).where('id', '=', contract.id).execute();
    for (let period = first; period.end < today; period = cycleDates(cycle, addDaysToDate(period.end, 1))) {
      const at = Math.min(nowMs, startOfLocalDay(addDaysToDate(period.end, 1)) + BILLING_HOUR * 3_600_000);
      runs.add(at);
      lastRunOf.set(contract.customer_id, Math.max(at, lastRunOf.get(contract.customer_id) ?? 0));
    }
  }
  const events: { at: number; run: () => Promise<unknown> }[] = [...runs].map((at) => ({
    at,
    run: () => billingRun(db, new Date(at), { uuid: () => rng.uuid() }),
  }));
  for (const document of ONE_OFF_DOCUMENTS) {
    // After the customer's last invoice at the latest, so that the demo's stories hold whatever the day: a credit note
    // issued just before a close would be taken off that invoice (docs/product/invoices.md "Credit notes").
    const at = issuedAt(document, nowMs, lastRunOf.get(document.customerId) ?? 0);
    const msisdn =
      (await db.selectFrom('contracts').select('msisdn').where('id', '=', document.contractId).executeTakeFirst())?.msisdn ?? null;
    events.push({
      at,
      run: () =>
        writeTransaction(db, (tx) =>
          issueDocument(tx, {
            customerId: document.customerId,
            costCenterId: null,
            contractId: document.contractId,
            type: document.type,
            lines: [
              {
                contractId: document.contractId,
                msisdn,
                kind: 'fee',
                label: document.label,
                category: null,
                quantity: 1,
                amount: document.amount,
                from: null,
                to: null,
              },
            ],
            period: null,
            now: new Date(at),
            uuid: rng.uuid(),
          }),
        ),
    });
  }
  for (const event of events.sort((a, b) => a.at - b.at)) await event.run();

  // What the customers paid: every cycle invoice on its due date by direct debit, a few days before it by
  // transfer, once that day has come; the demo's open ones stay open, with their partial payments.
  for (const account of BILLED_ACCOUNTS) {
    const invoices = await db
      .selectFrom('invoices')
      .select(['id', 'period_start', 'due_date', 'payment_mode'])
      .where('customer_id', '=', account.customerId)
      .where('document_type', '=', 'invoice')
      .where('period_start', 'is not', null)
      .orderBy('period_start', 'desc')
      .orderBy('id')
      .execute();
    const periods = [...new Set(invoices.map((row) => row.period_start))];
    for (const invoice of invoices) {
      const back = periods.indexOf(invoice.period_start) + 1;
      if (account.openCyclesBack.includes(back)) {
        const partial = account.partialPayments?.[back];
        if (partial !== undefined)
          await db.updateTable('invoices').set({ partial_paid_cents: partial }).where('id', '=', invoice.id).execute();
        continue;
      }
      const due = startOfLocalDay(invoice.due_date) + 10 * 3_600_000;
      const paidAt = invoice.payment_mode === 'DD' ? due : due - rng.int(1, 5) * DAY_MS;
      if (paidAt <= nowMs)
        await db
          .updateTable('invoices')
          .set({ paid: 1, paid_at: iso(paidAt) })
          .where('id', '=', invoice.id)
          .execute();
    }
  }
  // Their e-mails went out when they were issued.
  await db
    .updateTable('invoices')
    .set((eb) => ({ emailed_at: eb.ref('generated_at') }))
    .where('emailed_at', 'is', null)
    .execute();
};

type ChangeRow = {
  item_kind: 'PRODUCT' | 'OPTION';
  resource_id: number | null;
  old_value: string | null;
  new_value: string | null;
  executed_at: string;
};

/**
 * A line's history as the order execution would have written it: the line is taken back to what it held before its
 * executed plan and option orders, the history starts at its activation, and each order is applied again on the day
 * it was executed (server/lib/subscription-history.ts, the same sync the order job runs). It ends where it is now.
 */
const replayHistory = async ({ db }: SeedContext, contractId: number, activated: string): Promise<void> => {
  const changes: ChangeRow[] = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.item_kind', 'l.resource_id', 'l.old_value', 'l.new_value', 'l.executed_at'])
    .where('o.contract_id', '=', contractId)
    .where('l.status', '=', 'SUCCESS')
    .where('l.item_kind', 'in', ['PRODUCT', 'OPTION'])
    .where('l.executed_at', 'is not', null)
    .orderBy('l.executed_at')
    .orderBy('l.id')
    .$narrowType<{ item_kind: 'PRODUCT' | 'OPTION'; executed_at: string }>()
    .execute();
  const setOption = async (optionId: number, count: number) => {
    if (count > 0)
      await db
        .insertInto('contract_options')
        .values({ contract_id: contractId, option_id: optionId, count })
        .onConflict((oc) => oc.columns(['contract_id', 'option_id']).doUpdateSet((eb) => ({ count: eb.ref('excluded.count') })))
        .execute();
    else await db.deleteFrom('contract_options').where('contract_id', '=', contractId).where('option_id', '=', optionId).execute();
  };
  const apply = async (change: ChangeRow, value: string | null) => {
    if (change.item_kind === 'PRODUCT') {
      const plan =
        value === null
          ? undefined
          : await db.selectFrom('products').select('id').where('name', '=', value).where('type', '=', 'BASE').executeTakeFirst();
      if (!plan) throw new Error(`contract ${contractId}: unknown plan ${value}`);
      await db.updateTable('contracts').set({ product_id: plan.id }).where('id', '=', contractId).execute();
    } else if (change.resource_id !== null) await setOption(change.resource_id, Number(value ?? 0));
  };
  for (const change of [...changes].reverse()) await apply(change, change.old_value);
  await syncSubscriptionHistory(db, contractId, activated);
  for (const change of changes) {
    await apply(change, change.new_value);
    await syncSubscriptionHistory(db, contractId, localDate(Date.parse(change.executed_at)));
  }
};
