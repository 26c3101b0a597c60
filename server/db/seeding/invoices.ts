import { cycleDates, type BillCycle } from '#contract/bill-cycle';
import { addDays } from '#contract/pricing';
import { billingRun, issueDocument } from '../../lib/billing-run.ts';
import { localDate, startOfLocalDay } from '../../lib/service-calendar.ts';
import { writeTransaction } from '../../lib/sql.ts';
import { syncSubscriptionHistory } from '../../lib/subscription-history.ts';
import { DAY_MS, iso } from '../demo/calendar.ts';
import { BILLED_ACCOUNTS, BILLING_HOUR, COST_CENTERS, INVOICE_CYCLES, ONE_OFF_DOCUMENTS } from '../demo/invoices.ts';
import type { SeedContext } from './context.ts';

/**
 * The demo's billing: cost centres, the history of what each line held (replayed from its executed plan and option
 * orders), then the billing run itself at each cycle's close of the last INVOICE_CYCLES cycles and the one-off
 * documents at their dates, in the order they happened — the same code, and so the same invoices, numbers and
 * communications as the server's job would have issued. Then the payments the demo's stories need. Runs after the
 * catalogue, the contracts, the usage and the orders, which the invoices are computed from.
 */
export const seedInvoices = (s: SeedContext): void => {
  const { db, nowMs, daysAgo, rngFor } = s;
  const rng = rngFor('invoices');
  const insertCostCenter = db.prepare('INSERT INTO cost_centers (id, customer_id, name, last_update) VALUES (?, ?, ?, ?)');
  const assignLine = db.prepare('UPDATE contracts SET cost_center_id = ? WHERE id = ? AND customer_id = ?');
  for (const center of COST_CENTERS) {
    insertCostCenter.run(center.id, center.customerId, center.name, iso(daysAgo(rng.int(30, 200))));
    for (const contractId of center.contracts) {
      if (assignLine.run(center.id, contractId, center.customerId).changes !== 1)
        throw new Error(`cost centre ${center.id}: no line ${contractId}`);
    }
  }

  const billed = db
    .prepare<
      [],
      {
        id: number;
        customer_id: number;
        activated_at: string;
        start_day: number;
        frequency_unit: BillCycle['frequencyUnit'];
        frequency_duration: number;
      }
    >(
      `SELECT c.id, c.customer_id, c.activated_at, b.start_day, b.frequency_unit, b.frequency_duration
       FROM contracts c JOIN bill_cycles b ON b.id = c.bill_cycle_id WHERE c.activated_at IS NOT NULL ORDER BY c.id`,
    )
    .all();
  for (const contract of billed) replayHistory(s, contract.id, localDate(Date.parse(contract.activated_at)));

  // The billing run bills each line from the first day of its cycle INVOICE_CYCLES back (earlier cycles were billed
  // by the operator's former system); every close from then to today is a run.
  const today = localDate(nowMs);
  const runs = new Set<number>();
  const lastRunOf = new Map<number, number>();
  const setBillingFrom = db.prepare<[string, number]>('UPDATE contracts SET billing_from = ? WHERE id = ?');
  for (const contract of billed) {
    const cycle: BillCycle = {
      startDay: contract.start_day,
      frequencyUnit: contract.frequency_unit,
      frequencyDuration: contract.frequency_duration,
    };
    const first = cycleDates(cycle, today, INVOICE_CYCLES);
    setBillingFrom.run(first.start, contract.id);
    for (let period = first; period.end < today; period = cycleDates(cycle, addDays(period.end, 1))) {
      const at = Math.min(nowMs, startOfLocalDay(addDays(period.end, 1)) + BILLING_HOUR * 3_600_000);
      runs.add(at);
      lastRunOf.set(contract.customer_id, Math.max(at, lastRunOf.get(contract.customer_id) ?? 0));
    }
  }
  const events: { at: number; run: () => void }[] = [...runs].map((at) => ({
    at,
    run: () => billingRun(db, new Date(at), { uuid: () => rng.uuid() }),
  }));
  for (const document of ONE_OFF_DOCUMENTS) {
    // After the customer's last invoice at the latest, so that the demo's stories hold whatever the day: a credit note
    // issued just before a close would be taken off that invoice (docs/product/limits.md "Credit note").
    const at = Math.min(nowMs, Math.max(nowMs - document.ageDays * DAY_MS, (lastRunOf.get(document.customerId) ?? 0) + 3_600_000));
    const msisdn =
      db.prepare<[number], { msisdn: string | null }>('SELECT msisdn FROM contracts WHERE id = ?').get(document.contractId)?.msisdn ?? null;
    events.push({
      at,
      run: () =>
        writeTransaction(db, () =>
          issueDocument(db, {
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
  for (const event of events.sort((a, b) => a.at - b.at)) event.run();

  // What the customers paid: every cycle invoice on its due date by direct debit, a few days before it by
  // transfer, once that day has come; the demo's open ones stay open, with their partial payments.
  const cycleInvoices = db.prepare<[number], { id: number; period_start: string; due_date: string; payment_mode: 'DD' | 'BT' }>(
    `SELECT id, period_start, due_date, payment_mode FROM invoices WHERE customer_id = ? AND document_type = 'invoice' AND period_start IS NOT NULL
     ORDER BY period_start DESC, id`,
  );
  const pay = db.prepare<[string, number]>('UPDATE invoices SET paid = 1, paid_at = ? WHERE id = ?');
  const partlyPay = db.prepare<[number, number]>('UPDATE invoices SET partial_paid_cents = ? WHERE id = ?');
  for (const account of BILLED_ACCOUNTS) {
    const periods = [...new Set(cycleInvoices.all(account.customerId).map((row) => row.period_start))];
    for (const invoice of cycleInvoices.all(account.customerId)) {
      const back = periods.indexOf(invoice.period_start) + 1;
      if (account.openCyclesBack.includes(back)) {
        const partial = account.partialPayments?.[back];
        if (partial !== undefined) partlyPay.run(partial, invoice.id);
        continue;
      }
      const due = startOfLocalDay(invoice.due_date) + 10 * 3_600_000;
      const paidAt = invoice.payment_mode === 'DD' ? due : due - rng.int(1, 5) * DAY_MS;
      if (paidAt <= nowMs) pay.run(iso(paidAt), invoice.id);
    }
  }
  // Their e-mails went out when they were issued.
  db.prepare('UPDATE invoices SET emailed_at = generated_at WHERE emailed_at IS NULL').run();
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
const replayHistory = ({ db }: SeedContext, contractId: number, activated: string): void => {
  const changes = db
    .prepare<[number], ChangeRow>(
      `SELECT l.item_kind, l.resource_id, l.old_value, l.new_value, l.executed_at FROM order_lines l JOIN orders o ON o.id = l.order_id
       WHERE o.contract_id = ? AND l.status = 'SUCCESS' AND l.item_kind IN ('PRODUCT', 'OPTION') AND l.executed_at IS NOT NULL
       ORDER BY l.executed_at, l.id`,
    )
    .all(contractId);
  const productByName = db.prepare<[string], { id: number }>("SELECT id FROM products WHERE name = ? AND type = 'BASE'");
  const setPlan = db.prepare<[number, number]>('UPDATE contracts SET product_id = ? WHERE id = ?');
  const setOption = (optionId: number, count: number) => {
    if (count > 0)
      db.prepare(
        'INSERT INTO contract_options (contract_id, option_id, count) VALUES (?, ?, ?) ON CONFLICT (contract_id, option_id) DO UPDATE SET count = excluded.count',
      ).run(contractId, optionId, count);
    else db.prepare('DELETE FROM contract_options WHERE contract_id = ? AND option_id = ?').run(contractId, optionId);
  };
  const apply = (change: ChangeRow, value: string | null) => {
    if (change.item_kind === 'PRODUCT') {
      const plan = value === null ? undefined : productByName.get(value);
      if (!plan) throw new Error(`contract ${contractId}: unknown plan ${value}`);
      setPlan.run(plan.id, contractId);
    } else if (change.resource_id !== null) setOption(change.resource_id, Number(value ?? 0));
  };
  for (const change of [...changes].reverse()) apply(change, change.old_value);
  syncSubscriptionHistory(db, contractId, activated);
  for (const change of changes) {
    apply(change, change.new_value);
    syncSubscriptionHistory(db, contractId, localDate(Date.parse(change.executed_at)));
  }
};
