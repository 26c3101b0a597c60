import type { CustomerFull } from '#contract/customer';

/*
 * What GET /customer/{id}/full gives a plain user (docs/product/roles.md "Plain user": sees only its own line, cannot
 * change the account, is told to contact the holder). Its screens need: its line (status, products, bill cycle, SIM),
 * the holder's name and company (whom to contact; the contact page shows them read-only), the language, and the
 * customer's flags. Everything else of the holder's stays on the server: birth date, nationality, e-mail, phone
 * numbers, the customer number and energy number (login identifiers of the holder's account), the billing address, the
 * bank account and the billing holder, and the identity numbers and previous-operator account on the line.
 */
export const plainUserView = (full: CustomerFull): CustomerFull => ({
  customer: {
    ...full.customer,
    promo: null,
    parrain: null,
    identifiers: { mobileId: '', energyId: null },
  },
  contracts: full.contracts.map((contract) => ({
    ...contract,
    id_card_number: null,
    national_register_number: null,
    other_account_number: null,
    other_iccid: null,
    address: null,
  })),
  contact: {
    ...full.contact,
    birthDate: null,
    nationality: null,
    phone: null,
    mobile: null,
    email: null,
    company: full.contact.company ? { ...full.contact.company, number: null, vat: null } : null,
  },
  invoicing: null,
});
