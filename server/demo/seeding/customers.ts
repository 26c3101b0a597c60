import { iso, isoDate } from '../data/calendar.ts';
import { PEOPLE, USERS } from '../data/customers.ts';
import { addressColumns, insertContact, insertCustomer, insertInvoicing } from '../../lib/customer-data.ts';
import type { SeedContext } from './context.ts';

/** Customers with their contact and invoicing rows (demo/customers.ts PEOPLE). */
export const seedCustomers = async ({ db, rng, daysAgo }: SeedContext): Promise<void> => {
  for (const person of PEOPLE) {
    const complete = person.complete ? 1 : 0;
    // Property order is the order of the random draws (rng.uuid, rng.int): keep it.
    await insertCustomer(db, {
      id: person.customerId,
      guid: rng.uuid(),
      promo: person.promo,
      parrain: person.parrain,
      mobile_id: person.mobileId,
      energy_id: person.energyId,
      is_complete: complete,
      is_confirmed: complete,
      optin_marketing: person.optinMarketing ? 1 : 0,
      optin_sales: person.optinSales ? 1 : 0,
      accept_conditions: complete,
      energy_link_confirmed: person.energyLinkConfirmed ? 1 : 0,
      privacy_locked: person.privacyLocked ? 1 : 0,
      last_update: iso(daysAgo(rng.int(5, 60))),
    });
    await insertContact(db, {
      id: person.customerId,
      guid: rng.uuid(),
      customer_id: person.customerId,
      civility: person.civility,
      first_name: person.firstName,
      last_name: person.lastName,
      birth_date: person.birthDate,
      nationality: person.nationality,
      phone: null,
      mobile: person.mobile,
      email: person.email,
      is_email_confirmed: person.complete ? 1 : 0,
      language: person.language,
      is_residential: person.company ? 0 : 1,
      company_name: person.company?.name ?? null,
      company_type: person.company?.type ?? null,
      company_number: person.company?.number ?? null,
      company_vat: person.company?.vat ?? null,
      last_update: iso(daysAgo(rng.int(5, 60))),
    });
    await insertInvoicing(db, {
      id: person.customerId,
      customer_id: person.customerId,
      ...addressColumns(person.address),
      iban: person.iban,
      bic: person.bic,
      payment_mode: person.paymentMode,
      mandate_date: person.paymentMode === 'DD' ? isoDate(daysAgo(400)) : null,
      holder_first_name: person.firstName,
      holder_last_name: person.lastName,
      holder_email: person.email,
      last_update: iso(daysAgo(rng.int(5, 60))),
    });
  }
};

/** The users who log in, with the demo password (demo/customers.ts USERS). */
export const seedUsers = async ({ db, rng, daysAgo, hashes }: SeedContext): Promise<void> => {
  for (const user of USERS) {
    await db
      .insertInto('users')
      .values({
        id: user.id,
        guid: rng.uuid(),
        customer_id: user.customerId,
        scope: user.scope,
        role: user.role,
        email: user.email,
        msisdn: user.msisdn,
        energy_ref: user.energyRef,
        language: user.language,
        first_name: user.firstName,
        last_name: user.lastName,
        birth_date: user.birthDate,
        password_hash: hashes.passwordOf(user.id),
        created_at: iso(daysAgo(rng.int(100, 700))),
      })
      .execute();
  }
};

/** A demo user's guid, for the rows that refer to a user by it (order initiators). */
export const userGuid = async ({ db }: SeedContext, userId: number): Promise<string> => {
  const row = await db.selectFrom('users').select('guid').where('id', '=', userId).executeTakeFirst();
  if (!row) throw new Error(`demo user ${userId} is not seeded`);
  return row.guid;
};
