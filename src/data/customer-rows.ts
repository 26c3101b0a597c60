import type { ContractDto } from '#contract/contracts';
import type { CustomerFull } from '#contract/customer';
import type { ContactRow, ContractRow, CustomerRow, InvoicingRow } from '#db/schema';

/* The rows of GET /customer/{id}/full (pure: the pull stores them, and so does a first visit's start, data/first-visit.ts). */

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
    // docs/product/offers.md "Energy link": with no energy id, the link cannot be confirmed.
    energyLinkConfirmed: customer.identifiers.energyId ? customer.legal.energyLinkConfirmed : false,
    lastUpdate: customer.lastUpdate,
  };
  const contactRow: ContactRow = { ...contact, customerId: customer.id };
  // Null for a plain user: the holder's billing data is not theirs to keep.
  const invoicingRow: InvoicingRow | null = invoicing ? { ...invoicing, customerId: customer.id } : null;
  const contractRows = full.contracts.map((c, i) => toContractRow(c, customer.id, i));
  return { customerRow, contactRow, invoicingRow, contractRows };
};
