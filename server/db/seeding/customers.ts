import { iso, isoDate } from '../demo/calendar.ts';
import { PEOPLE, USERS } from '../demo/customers.ts';
import type { SeedContext } from './context.ts';

/** Customers with their contact and invoicing rows (demo/customers.ts PEOPLE). */
export const seedCustomers = ({ db, rng, daysAgo }: SeedContext): void => {
  const insertCustomer = db.prepare(`INSERT INTO customers (id, guid, promo, parrain, mobile_id, energy_id, is_complete,
    is_confirmed, optin_marketing, optin_sales, accept_conditions, energy_link_confirmed, privacy_locked, last_update)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertContact = db.prepare(`INSERT INTO contacts (id, guid, customer_id, civility, first_name, last_name, birth_date,
    nationality, phone, mobile, email, is_email_confirmed, language, is_residential, company_name, company_type,
    company_number, company_vat, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertInvoicing = db.prepare(`INSERT INTO invoicing (id, customer_id, street, number, box, city, zip_code, country,
    iban, bic, payment_mode, mandate_date, holder_first_name, holder_last_name, holder_email, last_update)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const person of PEOPLE) {
    const complete = person.complete ? 1 : 0;
    insertCustomer.run(
      person.customerId,
      rng.uuid(),
      person.promo,
      person.parrain,
      person.mobileId,
      person.energyId,
      complete,
      complete,
      person.optinMarketing ? 1 : 0,
      person.optinSales ? 1 : 0,
      complete,
      person.energyLinkConfirmed ? 1 : 0,
      person.privacyLocked ? 1 : 0,
      iso(daysAgo(rng.int(5, 60))),
    );
    insertContact.run(
      person.customerId,
      rng.uuid(),
      person.customerId,
      person.civility,
      person.firstName,
      person.lastName,
      person.birthDate,
      person.nationality,
      null,
      person.mobile,
      person.email,
      person.complete ? 1 : 0,
      person.language,
      person.company ? 0 : 1,
      person.company?.name ?? null,
      person.company?.type ?? null,
      person.company?.number ?? null,
      person.company?.vat ?? null,
      iso(daysAgo(rng.int(5, 60))),
    );
    const a = person.address;
    insertInvoicing.run(
      person.customerId,
      person.customerId,
      a.street,
      a.number,
      a.box,
      a.city,
      a.zip,
      a.country,
      person.iban,
      person.bic,
      person.paymentMode,
      person.paymentMode === 'DD' ? isoDate(daysAgo(400)) : null,
      person.firstName,
      person.lastName,
      person.email,
      iso(daysAgo(rng.int(5, 60))),
    );
  }
};

/** The users who log in, with the demo password (demo/customers.ts USERS). */
export const seedUsers = ({ db, rng, daysAgo, hashes }: SeedContext): void => {
  const insertUser = db.prepare(`INSERT INTO users (id, guid, customer_id, scope, role, email, msisdn, energy_ref, language,
    first_name, last_name, birth_date, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const user of USERS) {
    insertUser.run(
      user.id,
      rng.uuid(),
      user.customerId,
      user.scope,
      user.role,
      user.email,
      user.msisdn,
      user.energyRef,
      user.language,
      user.firstName,
      user.lastName,
      user.birthDate,
      hashes.passwordOf(user.id),
      iso(daysAgo(rng.int(100, 700))),
    );
  }
};

/** A demo user's guid, for the rows that refer to a user by it (order initiators). */
export const userGuid = ({ db }: SeedContext, userId: number): string => {
  const row = db.prepare<[number], { guid: string }>('SELECT guid FROM users WHERE id = ?').get(userId);
  if (!row) throw new Error(`demo user ${userId} is not seeded`);
  return row.guid;
};
