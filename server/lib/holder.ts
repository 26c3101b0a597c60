import type { Language } from '#contract/common';
import type { Db } from '../db/database.ts';
import { findContact, findInvoicing, toInvoicing } from './customer-data.ts';
import { stmt } from './sql.ts';

/*
 * Who receives the e-mails about an account's money (invoices, orders): the account holder, in the language the
 * owner chose in the app (else the contact's). Invoices go to the invoicing address's holder e-mail when the
 * customer set one (an accounts department), orders to the contact.
 */

export type Holder = { name: string; language: Language; contactEmail: string | null; invoiceEmail: string | null };

export const holderOf = (db: Db, customerId: number): Holder | null => {
  const contact = findContact(db, customerId);
  if (!contact) return null;
  const invoicing = findInvoicing(db, customerId);
  const owner = stmt<[number], { language: Language }>(
    db,
    "SELECT language FROM users WHERE customer_id = ? AND role = 'owner' ORDER BY id LIMIT 1",
  ).get(customerId);
  const holder = invoicing ? toInvoicing(invoicing, contact).holder : null;
  return {
    name: contact.company_name ?? `${contact.first_name} ${contact.last_name}`.trim(),
    language: owner?.language ?? contact.language,
    contactEmail: contact.email,
    invoiceEmail: holder?.email ?? contact.email,
  };
};
