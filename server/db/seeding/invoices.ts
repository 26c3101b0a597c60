import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { structuredCommunication } from '#contract/structured-communication';
import { outOfBundleCost, subscriptionLines, sumLines, type BilledLine } from '../../lib/invoice-lines.ts';
import { localDayRange } from '../../lib/service-calendar.ts';
import { DAY_MS, cycleStartMs, iso, isoDate } from '../demo/calendar.ts';
import { PEOPLE } from '../demo/customers.ts';
import { BILLED_ACCOUNTS, COST_CENTERS, INVOICE_CYCLES, ONE_OFF_DOCUMENTS, PAYMENT_TERM_DAYS } from '../demo/invoices.ts';
import type { SeedContext } from './context.ts';

/**
 * Cost centres, then one invoice a cycle per billed group of lines (demo/invoices.ts), oldest first, with its
 * lines: paid on the due date by direct debit or a few days before it by bank transfer, except the ones left
 * open; then the one-off documents. Runs after the catalogue, the contracts and the usage, whose tables the lines
 * are computed from.
 */
export const seedInvoices = ({ db, now, nowMs, daysAgo, rngFor }: SeedContext): void => {
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

  const insertInvoice = db.prepare<
    [
      string,
      number,
      number | null,
      string,
      string,
      number,
      string,
      string,
      'DD' | 'BT',
      number,
      string | null,
      number,
      number | null,
      string | null,
      string | null,
      string,
    ]
  >(`INSERT INTO invoices (uuid, customer_id, contract_id, generated_at, due_date, total_incl_vat_cents, structured_communication,
    piece_id, payment_mode, paid, paid_at, partial_paid_cents, cost_center_id, period_start, period_end, document_type)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertLine = db.prepare<[number | bigint, number, string | null, number, string, string | null, number, number]>(
    `INSERT INTO invoice_lines (invoice_id, contract_id, msisdn, position, kind, label_json, quantity, amount_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeLines = (invoiceId: number | bigint, lines: readonly BilledLine[]) =>
    lines.forEach((line, position) =>
      insertLine.run(
        invoiceId,
        line.contractId,
        line.msisdn,
        position,
        line.kind,
        line.label ? JSON.stringify(line.label) : null,
        line.quantity,
        line.amount,
      ),
    );

  let invoiceNumber = 0;
  const communicationOf = (customerId: number) => structuredCommunication(1_000_000_000 + customerId * 10_000_000 + invoiceNumber * 7919);
  const pieceOf = (prefix: string, at: number) => `${prefix}${new Date(at).getUTCFullYear()}-${String(invoiceNumber).padStart(6, '0')}`;
  const paymentModeOf = (customerId: number): 'DD' | 'BT' => {
    const person = PEOPLE.find((p) => p.customerId === customerId);
    if (!person) throw new Error(`billed account ${customerId} has no customer`);
    return person.paymentMode;
  };

  for (const account of BILLED_ACCOUNTS) {
    const paymentMode = paymentModeOf(account.customerId);
    for (let back = INVOICE_CYCLES; back >= 1; back--) {
      // Issued on the first day of a cycle, for the cycle that ended the day before.
      const generated = cycleStartMs(now, account.startDay, back);
      const period = cycleDates(monthlyCycle(account.startDay), isoDate(generated), 1);
      const range = localDayRange(period.start, period.end);
      const due = generated + PAYMENT_TERM_DAYS * DAY_MS;
      const open = account.openCyclesBack.includes(back);
      for (const group of account.groups) {
        invoiceNumber += 1;
        const lines = group.contracts.flatMap((contractId) => {
          const recurring = subscriptionLines(db, contractId);
          const usage = outOfBundleCost(db, contractId, range);
          const first = recurring[0];
          return usage > 0 && first
            ? [...recurring, { contractId, msisdn: first.msisdn, kind: 'usage' as const, label: null, quantity: 1, amount: usage }]
            : recurring;
        });
        const paidAt = paymentMode === 'DD' ? due : due - rng.int(1, 5) * DAY_MS;
        const { lastInsertRowid } = insertInvoice.run(
          rng.uuid(),
          account.customerId,
          group.contracts.length === 1 ? (group.contracts[0] ?? null) : null,
          iso(generated + 6 * 3_600_000),
          isoDate(due),
          sumLines(lines),
          communicationOf(account.customerId),
          pieceOf('F', generated),
          paymentMode,
          open ? 0 : 1,
          open ? null : iso(paidAt),
          open ? (account.partialPayments?.[back] ?? 0) : 0,
          group.costCenterId,
          period.start,
          period.end,
          'invoice',
        );
        writeLines(lastInsertRowid, lines);
      }
    }
  }

  for (const document of ONE_OFF_DOCUMENTS) {
    invoiceNumber += 1;
    const generated = nowMs - document.ageDays * DAY_MS;
    const contract = db.prepare<[number], { msisdn: string | null }>('SELECT msisdn FROM contracts WHERE id = ?').get(document.contractId);
    const lines: BilledLine[] = [
      {
        contractId: document.contractId,
        msisdn: contract?.msisdn ?? null,
        kind: 'fee',
        label: document.label,
        quantity: 1,
        amount: document.amount,
      },
    ];
    const { lastInsertRowid } = insertInvoice.run(
      rng.uuid(),
      document.customerId,
      document.contractId,
      iso(generated),
      isoDate(generated + PAYMENT_TERM_DAYS * DAY_MS),
      sumLines(lines),
      communicationOf(document.customerId),
      pieceOf(document.type === 'credit_note' ? 'NC' : 'F', generated),
      paymentModeOf(document.customerId),
      0,
      null,
      0,
      null,
      null,
      null,
      document.type,
    );
    writeLines(lastInsertRowid, lines);
  }
};
