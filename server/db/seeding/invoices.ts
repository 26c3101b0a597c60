import { cycleStartMs, DAY_MS, iso, isoDate } from '../demo/calendar.ts';
import { priceOf } from '../demo/catalogue.ts';
import { CONTRACTS } from '../demo/contracts.ts';
import { PEOPLE } from '../demo/customers.ts';
import { BILLED_ACCOUNTS, INVOICE_CYCLES, PAYMENT_TERM_DAYS } from '../demo/invoices.ts';
import { structuredCommunication } from '#contract/check-digits';
import type { SeedContext } from './context.ts';

/**
 * One invoice a cycle per billed account (demo/invoices.ts), oldest first: paid on the due date by direct debit
 * or a few days before it by bank transfer, except the ones left open.
 */
export const seedInvoices = ({ db, rng, now }: SeedContext): void => {
  const insertInvoice = db.prepare(`INSERT INTO invoices (uuid, customer_id, contract_id, generated_at, due_date,
    total_incl_vat_cents, structured_communication, piece_id, payment_mode, paid, paid_at, partial_paid_cents)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  let invoiceNumber = 0;
  for (const account of BILLED_ACCOUNTS) {
    const person = PEOPLE.find((p) => p.customerId === account.customerId);
    if (!person) throw new Error(`billed account ${account.customerId} has no customer`);
    const subscription = account.contracts.reduce((sum, contractId) => {
      const productId = CONTRACTS.find((c) => c.id === contractId)?.productId;
      return sum + (productId === undefined ? 0 : priceOf(productId));
    }, 0);
    for (let back = INVOICE_CYCLES; back >= 1; back--) {
      invoiceNumber += 1;
      const generated = cycleStartMs(now, account.startDay, back);
      const due = generated + PAYMENT_TERM_DAYS * DAY_MS;
      const open = account.openCyclesBack.includes(back);
      const paidAt = person.paymentMode === 'DD' ? due : due - rng.int(1, 5) * DAY_MS;
      insertInvoice.run(
        rng.uuid(),
        account.customerId,
        account.single,
        iso(generated + 6 * 3_600_000),
        isoDate(due),
        subscription + rng.int(0, 900),
        structuredCommunication(1_000_000_000 + account.customerId * 10_000_000 + invoiceNumber * 7919),
        `F${new Date(generated).getUTCFullYear()}-${String(invoiceNumber).padStart(6, '0')}`,
        person.paymentMode,
        open ? 0 : 1,
        open ? null : iso(paidAt),
        0,
      );
    }
  }
};
