import { z } from 'zod';
import { translatedSchema } from './common.ts';

/*
 * GET /customer/{id}/offers: the offers and advantages that apply to this customer (docs/product/offers.md
 * "The offers page"): the catalogue's promotions for the customer's kind of contract, those granted to its lines, its
 * promotion code, and its referral code with what a referral gives.
 */

/**
 * A discount: a whole percentage, or an amount in cents (docs/product/subscription.md "Promotions"; money in cents,
 * docs/product/README.md "How the pages are kept").
 */
export const discountSchema = z.object({ type: z.enum(['percentage', 'amount']), amount: z.number().int().positive() });
export type Discount = z.infer<typeof discountSchema>;

export const offerSchema = z.object({
  id: z.number().int(),
  discount: discountSchema,
  descriptions: translatedSchema,
  /**
   * `line`: a promotion one of the customer's lines gets now (granted to it, or of the plan it holds: `productName`);
   * `catalogue`: offered on a plan none of its lines has.
   */
  scope: z.enum(['line', 'catalogue']),
  msisdn: z.string().nullable(),
  productName: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const referralSchema = z.object({
  /** The code a friend gives when subscribing (stored as the friend's `parrain`). */
  code: z.string(),
  /** What the customer gets for each friend who subscribes with the code, and what the friend gets. */
  referrerReward: discountSchema,
  friendReward: discountSchema,
  /** Friends who subscribed with the code. */
  referredCount: z.number().int().nonnegative(),
  /** First name of the customer whose code this customer used, if any. */
  referredBy: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const offersResponseSchema = z.object({
  /** The promotion code attached to the account (docs/product/offers.md "Your advantages"), if any. */
  promo: z.string().nullable(),
  offers: z.array(offerSchema),
  /** Null for a plain user: the referral code is the account holder's. */
  referral: referralSchema.nullable(),
});
/** @internal Exported for its tests (knip --production). */
export type OffersResponse = z.infer<typeof offersResponseSchema>;
