import type { Language } from '#contract/common';
import type { Db } from '../db/engine.ts';
import { findContact, findInvoicing, toInvoicing } from './customer-data.ts';

/*
 * Who receives the e-mails about an account's money (invoices, orders): the account holder, in the language the
 * owner chose in the app (else the contact's). Invoices go to the invoicing address's holder e-mail when the
 * customer set one (an accounts department), orders to the contact.
 */

export type Holder = { name: string; language: Language; contactEmail: string | null; invoiceEmail: string | null };

export const holderOf = async (db: Db, customerId: number): Promise<Holder | null> => {
  const contact = await findContact(db, customerId);
  if (!contact) return null;
  const invoicing = await findInvoicing(db, customerId);
  const owner = await db
    .selectFrom('users')
    .select('language')
    .where('customer_id', '=', customerId)
    .where('role', '=', 'owner')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const holder = invoicing ? toInvoicing(invoicing, contact).holder : null;
  return {
    name: contact.company_name ?? `${contact.first_name} ${contact.last_name}`.trim(),
    language: owner?.language ?? contact.language,
    contactEmail: contact.email,
    invoiceEmail: holder?.email ?? contact.email,
  };
};
