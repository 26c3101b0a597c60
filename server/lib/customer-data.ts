import type { ContractDto } from '#contract/contracts';
import type { Contact, CustomerFull, Invoicing } from '#contract/customer';
import type { Db } from '../db/engine.ts';
import type { NewRow, Row } from '../db/rows.ts';
import { bool } from './sql.ts';

/*
 * SQL rows → the contract shapes of GET /customer/{id}/full. The mapping is explicit field by field: a column
 * added to a table never leaks into an answer by accident, and the contract's names (camelCase here,
 * snake_case there) are decided in one place.
 */

export type CustomerRecord = Row<'customers'>;
export type ContactRecord = Row<'contacts'>;
export type InvoicingRecord = Row<'invoicing'>;
export type ContractRecord = Row<'contracts'>;

export const findCustomer = (db: Db, customerId: number): Promise<CustomerRecord | undefined> =>
  db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();

export const findContract = (db: Db, customerId: number, contractId: number): Promise<ContractRecord | undefined> =>
  db.selectFrom('contracts').selectAll().where('id', '=', contractId).where('customer_id', '=', customerId).executeTakeFirst();

export const listContracts = (db: Db, customerId: number): Promise<ContractRecord[]> =>
  db.selectFrom('contracts').selectAll().where('customer_id', '=', customerId).orderBy('created_at').orderBy('id').execute();

export const toCustomerCore = (row: CustomerRecord): CustomerFull['customer'] => ({
  id: row.id,
  guid: row.guid,
  promo: row.promo,
  parrain: row.parrain,
  identifiers: { mobileId: row.mobile_id, energyId: row.energy_id },
  status: { isComplete: bool(row.is_complete), isConfirmed: bool(row.is_confirmed) },
  legal: {
    optinMarketing: bool(row.optin_marketing),
    optinSales: bool(row.optin_sales),
    acceptConditions: bool(row.accept_conditions),
    // docs/product/offers.md "Energy link": without an energy id the link is never confirmed (the table enforces it
    // too).
    energyLinkConfirmed: row.energy_id !== null && bool(row.energy_link_confirmed),
  },
  lastUpdate: row.last_update,
});

const civilities = { MR: 'mr', MRS: 'mrs', MX: 'mx' } as const;

export const toContact = (row: ContactRecord): Contact => ({
  id: row.id,
  guid: row.guid,
  language: row.language,
  civility: row.civility ? civilities[row.civility] : null,
  firstName: row.first_name,
  lastName: row.last_name,
  birthDate: row.birth_date,
  nationality: row.nationality,
  phone: row.phone,
  mobile: row.mobile,
  email: row.email,
  isEmailConfirmed: bool(row.is_email_confirmed),
  residential: bool(row.is_residential),
  company:
    row.company_name === null ? null : { name: row.company_name, type: row.company_type, number: row.company_number, vat: row.company_vat },
  lastUpdate: row.last_update,
});

/** The holder defaults to the contact when the invoicing row leaves it empty. */
export const toInvoicing = (row: InvoicingRecord, contact: ContactRecord | undefined): Invoicing => ({
  id: row.id,
  address: { street: row.street, number: row.number, box: row.box, city: row.city, zipCode: row.zip_code, country: row.country },
  payment: { iban: row.iban, bic: row.bic, mode: row.payment_mode, mandateDate: row.mandate_date },
  holder: {
    firstName: row.holder_first_name ?? contact?.first_name ?? '',
    lastName: row.holder_last_name ?? contact?.last_name ?? '',
    email: row.holder_email ?? contact?.email ?? null,
  },
  lastUpdate: row.last_update,
});

export const findContact = (db: Db, customerId: number): Promise<ContactRecord | undefined> =>
  db.selectFrom('contacts').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

/** The contact fields the account holder may edit (PATCH /customer/{id}/contact). */
export type EditableContact = Pick<ContactRecord, 'civility' | 'first_name' | 'last_name' | 'phone' | 'mobile' | 'email' | 'language'>;

/**
 * Writes the editable fields of a contact and its new version. An address that changed (letter case aside) is
 * unconfirmed until the customer opens the confirmation link sent to it.
 */
export const updateContact = async (db: Db, contactId: number, next: EditableContact, lastUpdate: string): Promise<void> => {
  await db
    .updateTable('contacts')
    .set((eb) => ({
      civility: next.civility,
      first_name: next.first_name,
      last_name: next.last_name,
      phone: next.phone,
      mobile: next.mobile,
      is_email_confirmed: eb
        .case()
        .when(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(next.email)]))
        .then(eb.ref('is_email_confirmed'))
        .else(0)
        .end(),
      email: next.email,
      language: next.language,
      last_update: lastUpdate,
    }))
    .where('id', '=', contactId)
    .execute();
};

export const findInvoicing = (db: Db, customerId: number): Promise<InvoicingRecord | undefined> =>
  db.selectFrom('invoicing').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

export type ContractMappingOptions = { withLinkedUser: boolean };

/** Contracts with their product refs, bill cycle and (optionally) linked user, in three queries for all contracts. */
export const toContracts = async (db: Db, rows: readonly ContractRecord[], options: ContractMappingOptions): Promise<ContractDto[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const products = await db
    .selectFrom('contract_products')
    .select(['contract_id', 'product_id', 'is_base', 'active', 'bill_cycle_id'])
    .where('contract_id', 'in', ids)
    .orderBy('is_base', 'desc')
    .orderBy('id')
    .execute();
  const cycles = new Map(
    (await db.selectFrom('bill_cycles').select(['id', 'start_day', 'frequency_unit', 'frequency_duration']).execute()).map((cycle) => [
      cycle.id,
      cycle,
    ]),
  );
  const linkedIds = options.withLinkedUser
    ? [...new Set(rows.map((row) => row.linked_user_id).filter((id): id is number => id !== null))]
    : [];
  const linkedUsers = new Map(
    linkedIds.length === 0
      ? []
      : (
          await db.selectFrom('users').select(['id', 'guid', 'first_name', 'last_name', 'msisdn']).where('id', 'in', linkedIds).execute()
        ).map((user) => [user.id, user]),
  );

  return rows.map((row): ContractDto => {
    const own = products.filter((product) => product.contract_id === row.id);
    const ref = (product: (typeof products)[number]) => ({
      id: product.product_id,
      is_base: bool(product.is_base),
      bill_cycle_id: product.bill_cycle_id,
    });
    const cycle = cycles.get(row.bill_cycle_id);
    const linked = row.linked_user_id === null ? undefined : linkedUsers.get(row.linked_user_id);
    return {
      id: row.id,
      contract_id: row.contract_ref,
      order_id: row.order_id,
      scenario: row.scenario,
      type: row.type,
      msisdn: row.msisdn,
      status: row.status,
      sub_status: row.sub_status,
      id_card_number: row.id_card_number,
      national_register_number: row.national_register_number,
      sim_iccid: row.sim_iccid,
      other_iccid: row.other_iccid,
      sim_sent_date: row.sim_sent_date,
      // A contract without a delivery address of its own has no address block (not one full of empty strings).
      address:
        row.street === null || row.city === null || row.zip_code === null
          ? null
          : {
              street: row.street,
              number: row.number ?? '',
              box: row.box,
              city: row.city,
              zipCode: row.zip_code,
              country: row.country ?? 'BE',
            },
      active_products: own.filter((product) => bool(product.active)).map(ref),
      inactive_products: own.filter((product) => !bool(product.active)).map(ref),
      bill_cycle: cycle
        ? { id: cycle.id, startDay: cycle.start_day, frequencyUnit: cycle.frequency_unit, frequencyDuration: cycle.frequency_duration }
        : null,
      dunning_level_reached: bool(row.dunning_level_reached),
      fraudulent_behaviour: bool(row.fraudulent_behaviour),
      lead: row.lead,
      linked_user: linked
        ? {
            id: linked.id,
            guid: linked.guid,
            first_name: linked.first_name ?? '',
            last_name: linked.last_name ?? '',
            msisdn: linked.msisdn,
          }
        : null,
      order_validation: {
        identification: { status: row.identification_status },
        port_in: { status: row.port_in_status },
        fraud: { status: row.fraud_status },
      },
      created_at: row.created_at,
      updated_at: row.updated_at,
      activated_at: row.activated_at,
      port_in_type: row.port_in_type,
      other_account_number: row.other_account_number,
      partner_code: row.partner_code,
    };
  });
};

/** The customer with this customer number (MT…), for account creation. */
export const findCustomerIdByNumber = async (db: Db, mobileId: string): Promise<number | undefined> =>
  (await db.selectFrom('customers').select('id').where('mobile_id', '=', mobileId).executeTakeFirst())?.id;

/** The customer of an e-mail confirmation link ({uuid} is the customer's guid). */
export const findCustomerIdByGuid = async (db: Db, guid: string): Promise<number | undefined> =>
  (await db.selectFrom('customers').select('id').where('guid', '=', guid).executeTakeFirst())?.id;

export type LiveLine = { id: number; customer_id: number };

/** A live line of the operator (account creation by phone needs one). */
export const findLiveLine = (db: Db, msisdn: string): Promise<LiveLine | undefined> =>
  db
    .selectFrom('contracts')
    .select(['id', 'customer_id'])
    .where('msisdn', '=', msisdn)
    .where('status', 'not in', ['TERMINATED', 'CANCELED'])
    .limit(1)
    .executeTakeFirst();

/** The contact address is confirmed (a link sent to it was opened). */
export const confirmContactEmail = async (db: Db, customerId: number, now: Date): Promise<void> => {
  await db
    .updateTable('contacts')
    .set({ is_email_confirmed: 1, last_update: now.toISOString() })
    .where('customer_id', '=', customerId)
    .execute();
};

/** Confirms the contact address only if it still is `email` and was not confirmed yet (a create-password link came to it). */
export const confirmContactEmailIfStill = async (db: Db, customerId: number, email: string, now: Date): Promise<void> => {
  // Letter case aside, as the e-mail address was compared when the link was sent.
  await db
    .updateTable('contacts')
    .set({ is_email_confirmed: 1, last_update: now.toISOString() })
    .where('customer_id', '=', customerId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .where('is_email_confirmed', '=', 0)
    .execute();
};

/** The contact address counts as unconfirmed again (test mode: as after a change). */
export const markContactEmailUnconfirmed = async (db: Db, customerId: number): Promise<void> => {
  await db.updateTable('contacts').set({ is_email_confirmed: 0 }).where('customer_id', '=', customerId).execute();
};

// --- New customers and lines: the one insert of each table, for the SIM sale (activation-sale.ts) and the demo seed.

/** A postal address as the address columns of `invoicing` and `contracts` hold it. */
export type PostalAddress = { street: string; number: string; box: string | null; city: string; zip: string; country: string };

/** The address columns of a new invoicing or contract row. */
export const addressColumns = (address: PostalAddress) => ({
  street: address.street,
  number: address.number,
  box: address.box,
  city: address.city,
  zip_code: address.zip,
  country: address.country,
});

export const insertCustomer = async (db: Db, row: NewRow<'customers'>): Promise<void> => {
  await db.insertInto('customers').values(row).execute();
};

export const insertContact = async (db: Db, row: NewRow<'contacts'>): Promise<void> => {
  await db.insertInto('contacts').values(row).execute();
};

export const insertInvoicing = async (db: Db, row: NewRow<'invoicing'>): Promise<void> => {
  await db.insertInto('invoicing').values(row).execute();
};

export const insertContract = async (db: Db, row: NewRow<'contracts'>): Promise<void> => {
  await db.insertInto('contracts').values(row).execute();
};

/** A product on a line: its base plan (`is_base`) or an option, current (`active`) or a former one. */
export const insertContractProduct = async (db: Db, row: NewRow<'contract_products'>): Promise<void> => {
  await db.insertInto('contract_products').values(row).execute();
};
