import type { CreditorDto } from '#contract/invoices';
import { vatBreakdown } from '#contract/pricing';
import type { Db } from '../db/engine.ts';
import { renderInvoiceMail } from './billing-messages.ts';
import { holderOf } from './holder.ts';
import { DeliveryError, type Mailer } from './mailer.ts';

/*
 * Each invoice's e-mail (docs/product/invoices.md "The billing run"): sent once, after the transaction that issued
 * the invoice, by the billing job. An invoice is claimed (`emailed_at` set) before it is sent, so two runs never send
 * it twice; a delivery that fails gives the claim back and the next run tries again.
 */

export type InvoiceMailDeps = { db: Db; mailer: Mailer; publicUrl: string; creditor: CreditorDto };

const maskedIban = (iban: string): string => `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;
const groupedIban = (iban: string): string => iban.replace(/(.{4})/g, '$1 ').trim();

/** Sends the e-mail of every invoice not sent yet; returns how many went out. */
export const sendInvoiceEmails = async (deps: InvoiceMailDeps, now: Date): Promise<number> => {
  const { db } = deps;
  const unsent = await db
    .selectFrom('invoices')
    .select([
      'id',
      'customer_id',
      'piece_id',
      'document_type',
      'period_start',
      'period_end',
      'total_incl_vat_cents',
      'total_excl_vat_cents',
      'vat_cents',
      'due_date',
      'structured_communication',
      'payment_mode',
    ])
    .where('emailed_at', 'is', null)
    .orderBy('id')
    .execute();
  let sent = 0;
  for (const invoice of unsent) {
    const claim = await db
      .updateTable('invoices')
      .set({ emailed_at: now.toISOString() })
      .where('id', '=', invoice.id)
      .where('emailed_at', 'is', null)
      .executeTakeFirst();
    const claimed = claim.numUpdatedRows === 1n;
    if (!claimed) continue;
    const holder = await holderOf(db, invoice.customer_id);
    if (!holder?.invoiceEmail) continue;
    const iban = (await db.selectFrom('invoicing').select('iban').where('customer_id', '=', invoice.customer_id).executeTakeFirst())?.iban;
    const totals =
      invoice.total_excl_vat_cents !== null && invoice.vat_cents !== null
        ? { excl: invoice.total_excl_vat_cents, vat: invoice.vat_cents, incl: invoice.total_incl_vat_cents }
        : vatBreakdown(invoice.total_incl_vat_cents);
    const mail = renderInvoiceMail(
      {
        name: holder.name,
        piece: invoice.piece_id,
        creditNote: invoice.document_type === 'credit_note',
        period: invoice.period_start && invoice.period_end ? { start: invoice.period_start, end: invoice.period_end } : null,
        totals,
        dueDate: invoice.due_date,
        communication: invoice.structured_communication,
        payment:
          invoice.payment_mode === 'DD' && iban
            ? { mode: 'DD', account: maskedIban(iban) }
            : { mode: 'BT', iban: groupedIban(deps.creditor.iban), beneficiary: deps.creditor.name },
        link: `${deps.publicUrl}/bills/main`,
      },
      holder.language,
    );
    try {
      await deps.mailer.send({ channel: 'EMAIL', to: holder.invoiceEmail, subject: mail.subject, text: mail.text });
      sent += 1;
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      await db.updateTable('invoices').set({ emailed_at: null }).where('id', '=', invoice.id).execute();
    }
  }
  return sent;
};
