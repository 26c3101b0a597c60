import type { Insertable } from 'kysely';
import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { structuredCommunication } from '#contract/structured-communication';
import { outOfBundleCost, subscriptionLines, sumLines, type BilledLine } from '../../lib/invoice-lines.ts';
import { localDayRange } from '../../lib/service-calendar.ts';
import { DAY_MS, cycleStartMs, iso, isoDate } from '../demo/calendar.ts';
import { PEOPLE } from '../demo/customers.ts';
import { BILLED_ACCOUNTS, COST_CENTERS, INVOICE_CYCLES, ONE_OFF_DOCUMENTS, PAYMENT_TERM_DAYS } from '../demo/invoices.ts';
import type { DB } from '../schema.ts';
import type { SeedContext } from './context.ts';

/**
 * Cost centres, then one invoice a cycle per billed group of lines (demo/invoices.ts), oldest first, with its
 * lines: paid on the due date by direct debit or a few days before it by bank transfer, except the ones left
 * open; then the one-off documents. Runs after the catalogue, the contracts and the usage, whose tables the lines
 * are computed from.
 */
export const seedInvoices = async ({ db, now, nowMs, daysAgo, rngFor }: SeedContext): Promise<void> => {
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

  const insertInvoice = async (invoice: Insertable<DB['invoices']>): Promise<number> =>
    (await db.insertInto('invoices').values(invoice).returning('id').executeTakeFirstOrThrow()).id;
  const writeLines = async (invoiceId: number, lines: readonly BilledLine[]): Promise<void> => {
    for (const [position, line] of lines.entries()) {
      await db
        .insertInto('invoice_lines')
        .values({
          invoice_id: invoiceId,
          contract_id: line.contractId,
          msisdn: line.msisdn,
          position,
          kind: line.kind,
          label_json: line.label ? JSON.stringify(line.label) : null,
          quantity: line.quantity,
          amount_cents: line.amount,
        })
        .execute();
    }
  };

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
        const lines: BilledLine[] = [];
        for (const contractId of group.contracts) {
          const recurring = await subscriptionLines(db, contractId);
          const usage = await outOfBundleCost(db, contractId, range);
          const first = recurring[0];
          lines.push(...recurring);
          if (usage > 0 && first) lines.push({ contractId, msisdn: first.msisdn, kind: 'usage', label: null, quantity: 1, amount: usage });
        }
        const paidAt = paymentMode === 'DD' ? due : due - rng.int(1, 5) * DAY_MS;
        const invoiceId = await insertInvoice({
          uuid: rng.uuid(),
          customer_id: account.customerId,
          contract_id: group.contracts.length === 1 ? (group.contracts[0] ?? null) : null,
          generated_at: iso(generated + 6 * 3_600_000),
          due_date: isoDate(due),
          total_incl_vat_cents: sumLines(lines),
          structured_communication: communicationOf(account.customerId),
          piece_id: pieceOf('F', generated),
          payment_mode: paymentMode,
          paid: open ? 0 : 1,
          paid_at: open ? null : iso(paidAt),
          partial_paid_cents: open ? (account.partialPayments?.[back] ?? 0) : 0,
          cost_center_id: group.costCenterId,
          period_start: period.start,
          period_end: period.end,
          document_type: 'invoice',
        });
        await writeLines(invoiceId, lines);
      }
    }
  }

  for (const document of ONE_OFF_DOCUMENTS) {
    invoiceNumber += 1;
    const generated = nowMs - document.ageDays * DAY_MS;
    const contract = await db.selectFrom('contracts').select('msisdn').where('id', '=', document.contractId).executeTakeFirst();
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
    const invoiceId = await insertInvoice({
      uuid: rng.uuid(),
      customer_id: document.customerId,
      contract_id: document.contractId,
      generated_at: iso(generated),
      due_date: isoDate(generated + PAYMENT_TERM_DAYS * DAY_MS),
      total_incl_vat_cents: sumLines(lines),
      structured_communication: communicationOf(document.customerId),
      piece_id: pieceOf(document.type === 'credit_note' ? 'NC' : 'F', generated),
      payment_mode: paymentModeOf(document.customerId),
      paid: 0,
      paid_at: null,
      partial_paid_cents: 0,
      cost_center_id: null,
      period_start: null,
      period_end: null,
      document_type: document.type,
    });
    await writeLines(invoiceId, lines);
  }
};
