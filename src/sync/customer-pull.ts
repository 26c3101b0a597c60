import { call } from '#api/client';
import type { CustomerFull } from '#contract/customer';
import { endpoints } from '#contract/endpoints';
import type { ContractDto } from '#contract/contracts';
import type { ContractProducts } from '#contract/products';
import { db } from '#db/db';
import type { ContactRow, ContractOptionRow, ContractRow, CustomerRow, InvoicingRow, ProductRow } from '#db/schema';
import { reapplyPending } from './outbox.ts';
import { pull, type PullResult } from './pull.ts';

/** The queue's entity of a customer's contact: its changes are sent one after the other (src/sync/mutations.ts). */
export const contactEntity = (customerId: number): string => `contact:${customerId}`;

/*
 * The customer, its contact, invoicing and contracts (GET /customer/{id}/full), and each contract's products.
 * Several features read these rows, so their pulls live here rather than in one feature.
 * Offline: the call fails and the last stored rows stay on screen with their age.
 */

export const customerResource = (customerId: number) => `customer:${customerId}`;
export const productsResource = (customerId: number, contractId: number) => `products:${customerId}:${contractId}`;

export const toContractRow = (c: ContractDto, customerId: number, position: number): ContractRow => ({
  id: c.id,
  customerId,
  contractRef: c.contract_id,
  orderId: c.order_id,
  scenario: c.scenario,
  type: c.type,
  msisdn: c.msisdn,
  status: c.status,
  subStatus: c.sub_status,
  identificationStatus: c.order_validation.identification.status,
  portInStatus: c.order_validation.port_in.status,
  fraudStatus: c.order_validation.fraud.status,
  simIccid: c.sim_iccid,
  simSentDate: c.sim_sent_date,
  activeProductIds: c.active_products.map((p) => p.id),
  baseProductId: c.active_products.find((p) => p.is_base)?.id ?? null,
  billCycle: c.bill_cycle
    ? {
        id: c.bill_cycle.id,
        startDay: c.bill_cycle.startDay,
        frequencyUnit: c.bill_cycle.frequencyUnit,
        frequencyDuration: c.bill_cycle.frequencyDuration,
      }
    : null,
  dunningLevelReached: c.dunning_level_reached,
  fraudulentBehaviour: c.fraudulent_behaviour,
  linkedUser: c.linked_user
    ? {
        id: c.linked_user.id,
        guid: c.linked_user.guid,
        firstName: c.linked_user.first_name,
        lastName: c.linked_user.last_name,
        msisdn: c.linked_user.msisdn,
      }
    : null,
  createdAt: c.created_at,
  activatedAt: c.activated_at,
  position,
});

export const normalizeCustomerFull = (full: CustomerFull) => {
  const { customer, contact, invoicing } = full;
  const customerRow: CustomerRow = {
    id: customer.id,
    guid: customer.guid,
    promo: customer.promo,
    parrain: customer.parrain,
    mobileId: customer.identifiers.mobileId,
    energyId: customer.identifiers.energyId,
    completed: customer.status.isComplete,
    confirmed: customer.status.isConfirmed,
    optinMarketing: customer.legal.optinMarketing,
    optinSales: customer.legal.optinSales,
    conditionsAccepted: customer.legal.acceptConditions,
    // SPEC §4: with no energy id, the link cannot be confirmed.
    energyLinkConfirmed: customer.identifiers.energyId ? customer.legal.energyLinkConfirmed : false,
    lastUpdate: customer.lastUpdate,
  };
  const contactRow: ContactRow = { ...contact, customerId: customer.id };
  // Null for a plain user: the holder's billing data is not theirs to keep.
  const invoicingRow: InvoicingRow | null = invoicing ? { ...invoicing, customerId: customer.id } : null;
  const contractRows = full.contracts.map((c, i) => toContractRow(c, customer.id, i));
  return { customerRow, contactRow, invoicingRow, contractRows };
};

export const pullCustomer = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: customerResource(customerId),
    force: options.force ?? false,
    tables: [db.customers, db.contacts, db.invoicing, db.contracts, db.pendingMutations],
    fetch: () => call(endpoints.customerFull, { params: { customerId }, query: { withContracts: '1', withLinkedUser: '1' } }),
    write: async (full) => {
      const rows = normalizeCustomerFull(full);
      await db.customers.put(rows.customerRow);
      await db.contacts.put(rows.contactRow);
      // The user's contact changes still waiting for the server stay visible over the fresh copy.
      await reapplyPending(contactEntity(customerId));
      if (rows.invoicingRow) await db.invoicing.put(rows.invoicingRow);
      else await db.invoicing.delete(customerId);
      // Contracts the server no longer lists (or no longer shows this user) disappear locally too.
      await db.contracts.where('customerId').equals(customerId).delete();
      await db.contracts.bulkPut(rows.contractRows);
    },
  });

export const normalizeProducts = (contractId: number, data: ContractProducts) => {
  const products: ProductRow[] = data.products.map((p) => ({
    id: p.id,
    guid: p.guid,
    name: p.name,
    type: p.type,
    descriptions: p.descriptions,
    priceCents: p.pricing.price,
    forResidential: p.for_residential,
    forProfessional: p.for_professional,
    sortedOptionIds: p.sortedOptionIds,
    dataMb: p.data.limit_amount,
    voiceMinutes: p.voice.limit_amount,
    smsCount: p.sms.limit_amount,
    lastUpdate: p.lastUpdate,
  }));
  const options: ContractOptionRow[] = data.options.map((o) => ({
    contractId,
    optionId: o.id,
    guid: o.guid,
    name: o.name,
    maxCombinations: o.max_combinations,
    priceCents: o.price,
    dataMb: o.data.limit_amount,
    descriptions: o.descriptions,
    active: o.active,
  }));
  return { products, options };
};

export const pullContractProducts = (customerId: number, contractId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: productsResource(customerId, contractId),
    force: options.force ?? false,
    tables: [db.products, db.contractOptions],
    fetch: () => call(endpoints.contractProducts, { params: { customerId, contractId } }),
    write: async (data) => {
      const rows = normalizeProducts(contractId, data);
      await db.products.bulkPut(rows.products);
      await db.contractOptions.where('contractId').equals(contractId).delete();
      await db.contractOptions.bulkPut(rows.options);
    },
  });
