import type { EntityTable } from 'dexie';

/*
 * The customer's offers (docs/product/offers.md).
 */

/** GET /customer/{id}/offers: the offers and advantages that apply to the customer, and its referral code. */
export type OffersRow = {
  customerId: number;
  promo: string | null;
  offers: {
    id: number;
    discount: { type: 'percentage' | 'amount'; amount: number };
    descriptions: { fr: string; nl: string; en: string };
    scope: 'line' | 'catalogue';
    msisdn: string | null;
    productName: string | null;
  }[];
  referral: {
    code: string;
    referrerReward: { type: 'percentage' | 'amount'; amount: number };
    friendReward: { type: 'percentage' | 'amount'; amount: number };
    referredCount: number;
    referredBy: string | null;
  } | null;
};

/** The tables of this area in the app database. */
export type OffersTables = {
  offers: EntityTable<OffersRow, 'customerId'>;
};
