import type { EntityTable } from 'dexie';
import type { ContractStatus, ContractSubStatus } from '#contract/contracts';
import type { Language } from '#contract/common';

/*
 * The customer, its contact and invoicing preferences, and its lines (docs/product/settings.md, home.md).
 */

export type CustomerRow = {
  id: number;
  guid: string;
  promo: string | null;
  parrain: string | null;
  mobileId: string;
  energyId: string | null;
  completed: boolean;
  confirmed: boolean;
  optinMarketing: boolean;
  optinSales: boolean;
  conditionsAccepted: boolean;
  energyLinkConfirmed: boolean;
  lastUpdate: string;
};

export type ContactRow = {
  customerId: number;
  id: number;
  guid: string;
  language: Language;
  civility: 'mr' | 'mrs' | 'mx' | null;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  nationality: string | null;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  isEmailConfirmed: boolean;
  residential: boolean;
  company: { name: string; type: string | null; number: string | null; vat: string | null } | null;
  lastUpdate: string;
};

export type InvoicingRow = {
  customerId: number;
  id: number;
  address: { street: string; number: string; box: string | null; city: string; zipCode: string; country: string };
  payment: { iban: string | null; bic: string | null; mode: 'DD' | 'BT'; mandateDate: string | null };
  holder: { firstName: string; lastName: string; email: string | null };
  lastUpdate: string;
};

export type ContractRow = {
  id: number;
  customerId: number;
  contractRef: string;
  orderId: string | null;
  scenario: string | null;
  type: 'prepaid' | 'post_simple' | 'post_complex';
  msisdn: string | null;
  status: ContractStatus;
  subStatus: ContractSubStatus | null;
  identificationStatus: string | null;
  portInStatus: string | null;
  fraudStatus: string | null;
  simIccid: string | null;
  simSentDate: string | null;
  activeProductIds: number[];
  baseProductId: number | null;
  billCycle: { id: number; startDay: number; frequencyUnit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; frequencyDuration: number } | null;
  dunningLevelReached: boolean;
  fraudulentBehaviour: boolean;
  linkedUser: { id: number; guid: string; firstName: string; lastName: string; msisdn: string | null } | null;
  createdAt: string;
  activatedAt: string | null;
  /** Position in the server's list, so views can keep its order. */
  position: number;
};

/** The tables of this area in the app database. */
export type CustomerTables = {
  customers: EntityTable<CustomerRow, 'id'>;
  contacts: EntityTable<ContactRow, 'customerId'>;
  invoicing: EntityTable<InvoicingRow, 'customerId'>;
  contracts: EntityTable<ContractRow, 'id'>;
};
