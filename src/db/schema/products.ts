import type { EntityTable, Table } from 'dexie';
import type { AllowanceZone } from '#contract/rating';

/*
 * A line's products and options, the catalogue and promotions (docs/product/subscription.md).
 */

export type ProductRow = {
  id: number;
  guid: string;
  name: string;
  type: 'BASE' | 'OPTION';
  descriptions: { fr: string; nl: string; en: string };
  technicalDescriptions: { fr: string; nl: string; en: string };
  priceCents: number;
  forResidential: boolean;
  forProfessional: boolean;
  sortedOptionIds: number[];
  /**
   * Limits: data in MB, voice in minutes, SMS in count; 0 means unlimited (docs/product/consumption.md
   * "Bundle sizes").
   */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  /** Out-of-bundle prices in cents: per started MB, per started minute, per SMS. */
  oobRates: { dataPerMb: number; callPerMinute: number; sms: number };
  lastUpdate: string;
};

export type ContractOptionRow = {
  contractId: number;
  optionId: number;
  guid: string;
  name: string;
  maxCombinations: number;
  priceCents: number;
  /** What one combination adds (MB, minutes, texts) and where it applies (contract/rating.ts). */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  zone: AllowanceZone;
  descriptions: { fr: string; nl: string; en: string };
  active: boolean | number;
};

/** An option that can be added to a base product (GET /products/{id}/options), for a plan the line does not have yet. */
export type ProductOptionRow = Omit<ContractOptionRow, 'contractId' | 'active'> & { productId: number };

/** The base products offered to a customer's segment (GET /products/podium), cheapest first. */
export type PodiumRow = { customerId: number; segment: 'residential' | 'professional'; productIds: number[] };

/** A promotion (discountAmount: whole percent, or cents). */
export type PromotionRow = {
  id: number;
  productId: number | null;
  contractId: number | null;
  discountType: 'percentage' | 'amount';
  discountAmount: number;
  descriptions: { fr: string; nl: string; en: string };
};

/** What a line gets now (GET /promotions/by-contract): its promotions' ids and their totals (percent, cents). */
export type ContractPromotionsRow = { contractId: number; promotionIds: number[]; percentage: number; amount: number };

/** The tables of this area in the app database. */
export type ProductsTables = {
  products: EntityTable<ProductRow, 'id'>;
  contractOptions: EntityTable<ContractOptionRow, 'contractId'>;
  productOptions: Table<ProductOptionRow, [number, number]>;
  podiums: EntityTable<PodiumRow, 'customerId'>;
  promotions: EntityTable<PromotionRow, 'id'>;
  contractPromotions: EntityTable<ContractPromotionsRow, 'contractId'>;
};
