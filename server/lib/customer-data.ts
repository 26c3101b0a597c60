import type { ContractDto } from '#contract/contracts';
import type { Contact, CustomerFull, Invoicing } from '#contract/customer';
import type { Db } from '../db/database.ts';
import { bool, stmt } from './sql.ts';

/*
 * SQL rows → the contract shapes of GET /customer/{id}/full. The mapping is explicit field by field: a column
 * added to a table never leaks into an answer by accident, and the contract's names (camelCase here,
 * snake_case there) are decided in one place.
 */

export type CustomerRow = {
  id: number;
  guid: string;
  promo: string | null;
  parrain: string | null;
  mobile_id: string;
  energy_id: string | null;
  is_complete: number;
  is_confirmed: number;
  optin_marketing: number;
  optin_sales: number;
  accept_conditions: number;
  energy_link_confirmed: number;
  last_update: string;
};

export type ContactRow = {
  id: number;
  guid: string;
  customer_id: number;
  civility: 'MR' | 'MRS' | 'MX' | null;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  nationality: string | null;
  phone: string | null;
  mobile: string | null;
  email: string;
  is_email_confirmed: number;
  language: 'fr' | 'nl' | 'en';
  is_residential: number;
  company_name: string | null;
  company_type: string | null;
  company_number: string | null;
  company_vat: string | null;
  last_update: string;
};

export type InvoicingRow = {
  id: number;
  customer_id: number;
  street: string;
  number: string;
  box: string | null;
  city: string;
  zip_code: string;
  country: string;
  iban: string | null;
  bic: string | null;
  payment_mode: 'DD' | 'BT';
  mandate_date: string | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
  holder_email: string | null;
  last_update: string;
};

export type ContractRow = {
  id: number;
  customer_id: number;
  contract_ref: string;
  order_id: string | null;
  scenario: string | null;
  type: ContractDto['type'];
  msisdn: string | null;
  status: Exclude<ContractDto['status'], 'UNKNOWN'>;
  sub_status: ContractDto['sub_status'];
  id_card_number: string | null;
  national_register_number: string | null;
  sim_iccid: string | null;
  other_iccid: string | null;
  sim_sent_date: string | null;
  street: string | null;
  number: string | null;
  box: string | null;
  city: string | null;
  zip_code: string | null;
  country: string | null;
  dunning_level_reached: number;
  fraudulent_behaviour: number;
  lead: string | null;
  linked_user_id: number | null;
  identification_status: ContractDto['order_validation']['identification']['status'];
  port_in_status: string | null;
  fraud_status: string | null;
  created_at: string;
  updated_at: string;
  activated_at: string | null;
  port_in_type: string | null;
  other_account_number: string | null;
  partner_code: string | null;
  bill_cycle_id: number;
  product_id: number;
};

type ContractProductRow = { contract_id: number; product_id: number; is_base: number; active: number; bill_cycle_id: number };
type BillCycleRow = { id: number; start_day: number; frequency_unit: 'MONTH'; frequency_duration: number };
type LinkedUserRow = { id: number; guid: string; first_name: string | null; last_name: string | null; msisdn: string | null };

export const findCustomer = (db: Db, customerId: number): CustomerRow | undefined =>
  stmt<[number], CustomerRow>(db, 'SELECT * FROM customers WHERE id = ?').get(customerId);

export const findContract = (db: Db, customerId: number, contractId: number): ContractRow | undefined =>
  stmt<[number, number], ContractRow>(db, 'SELECT * FROM contracts WHERE id = ? AND customer_id = ?').get(contractId, customerId);

export const listContracts = (db: Db, customerId: number): ContractRow[] =>
  stmt<[number], ContractRow>(db, 'SELECT * FROM contracts WHERE customer_id = ? ORDER BY created_at, id').all(customerId);

export const toCustomerCore = (row: CustomerRow): CustomerFull['customer'] => ({
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
    // SPEC §4: without an energy id the link is never confirmed (the table enforces it too).
    energyLinkConfirmed: row.energy_id !== null && bool(row.energy_link_confirmed),
  },
  lastUpdate: row.last_update,
});

const civilities = { MR: 'mr', MRS: 'mrs', MX: 'mx' } as const;

export const toContact = (row: ContactRow): Contact => ({
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
export const toInvoicing = (row: InvoicingRow, contact: ContactRow | undefined): Invoicing => ({
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

export const findContact = (db: Db, customerId: number): ContactRow | undefined =>
  stmt<[number], ContactRow>(db, 'SELECT * FROM contacts WHERE customer_id = ?').get(customerId);

/** The contact fields the account holder may edit (PATCH /customer/{id}/contact). */
export type EditableContact = Pick<ContactRow, 'civility' | 'first_name' | 'last_name' | 'phone' | 'mobile' | 'email' | 'language'>;

/**
 * Writes the editable fields of a contact and its new version. An address that changed (letter case aside) is
 * unconfirmed until the customer opens the confirmation link sent to it.
 */
export const updateContact = (db: Db, contactId: number, next: EditableContact, lastUpdate: string): void => {
  stmt<[string | null, string, string, string | null, string | null, string, string, string, string, number]>(
    db,
    `UPDATE contacts SET civility = ?, first_name = ?, last_name = ?, phone = ?, mobile = ?,
     is_email_confirmed = CASE WHEN lower(email) = lower(?) THEN is_email_confirmed ELSE 0 END, email = ?, language = ?,
     last_update = ? WHERE id = ?`,
  ).run(
    next.civility,
    next.first_name,
    next.last_name,
    next.phone,
    next.mobile,
    next.email,
    next.email,
    next.language,
    lastUpdate,
    contactId,
  );
};

export const findInvoicing = (db: Db, customerId: number): InvoicingRow | undefined =>
  stmt<[number], InvoicingRow>(db, 'SELECT * FROM invoicing WHERE customer_id = ?').get(customerId);

export type ContractMappingOptions = { withLinkedUser: boolean };

/** Contracts with their product refs, bill cycle and (optionally) linked user, in three queries for all contracts. */
export const toContracts = (db: Db, rows: readonly ContractRow[], options: ContractMappingOptions): ContractDto[] => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const placeholders = ids.map(() => '?').join(', ');
  const products = db
    .prepare<number[], ContractProductRow>(
      `SELECT contract_id, product_id, is_base, active, bill_cycle_id FROM contract_products
       WHERE contract_id IN (${placeholders}) ORDER BY is_base DESC, id`,
    )
    .all(...ids);
  const cycles = new Map(
    stmt<[], BillCycleRow>(db, 'SELECT id, start_day, frequency_unit, frequency_duration FROM bill_cycles')
      .all()
      .map((cycle) => [cycle.id, cycle]),
  );
  const linkedIds = options.withLinkedUser
    ? [...new Set(rows.map((row) => row.linked_user_id).filter((id): id is number => id !== null))]
    : [];
  const linkedUsers = new Map(
    linkedIds.length === 0
      ? []
      : db
          .prepare<number[], LinkedUserRow>(
            `SELECT id, guid, first_name, last_name, msisdn FROM users WHERE id IN (${linkedIds.map(() => '?').join(', ')})`,
          )
          .all(...linkedIds)
          .map((user) => [user.id, user]),
  );

  return rows.map((row): ContractDto => {
    const own = products.filter((product) => product.contract_id === row.id);
    const ref = (product: ContractProductRow) => ({
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
export const findCustomerIdByNumber = (db: Db, mobileId: string): number | undefined =>
  stmt<[string], { id: number }>(db, 'SELECT id FROM customers WHERE mobile_id = ?').get(mobileId)?.id;

/** The customer of an e-mail confirmation link ({uuid} is the customer's guid). */
export const findCustomerIdByGuid = (db: Db, guid: string): number | undefined =>
  stmt<[string], { id: number }>(db, 'SELECT id FROM customers WHERE guid = ?').get(guid)?.id;

export type LiveLine = { id: number; customer_id: number };

/** A live line of the operator (account creation by phone needs one). */
export const findLiveLine = (db: Db, msisdn: string): LiveLine | undefined =>
  stmt<[string], LiveLine>(
    db,
    "SELECT id, customer_id FROM contracts WHERE msisdn = ? AND status NOT IN ('TERMINATED', 'CANCELED') LIMIT 1",
  ).get(msisdn);

/** The contact address is confirmed (a link sent to it was opened). */
export const confirmContactEmail = (db: Db, customerId: number, now: Date): void => {
  stmt<[string, number]>(db, 'UPDATE contacts SET is_email_confirmed = 1, last_update = ? WHERE customer_id = ?').run(
    now.toISOString(),
    customerId,
  );
};

/** Confirms the contact address only if it still is `email` and was not confirmed yet (a create-password link came to it). */
export const confirmContactEmailIfStill = (db: Db, customerId: number, email: string, now: Date): void => {
  stmt<[string, number, string]>(
    db,
    'UPDATE contacts SET is_email_confirmed = 1, last_update = ? WHERE customer_id = ? AND email = ? COLLATE NOCASE AND is_email_confirmed = 0',
  ).run(now.toISOString(), customerId, email);
};

/** The contact address counts as unconfirmed again (test mode: as after a change). */
export const markContactEmailUnconfirmed = (db: Db, customerId: number): void => {
  stmt<[number]>(db, 'UPDATE contacts SET is_email_confirmed = 0 WHERE customer_id = ?').run(customerId);
};
