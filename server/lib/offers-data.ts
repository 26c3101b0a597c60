import type { Translated } from '#contract/common';
import type { Discount, Offer, Referral } from '#contract/offers';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

/*
 * The offers area's repository: which promotions apply to a customer, and its referral code with what it gives.
 * Promotions are the catalogue's (`promotions` with a product) and those granted to a line (`promotions` with a
 * contract).
 */

/** What a referral gives (the demo catalogue's referral promotion): the referrer 3 € a month, the friend 10 %. */
export const REFERRAL_REWARDS: { referrer: Discount; friend: Discount } = {
  referrer: { type: 'amount', amount: 300 },
  friend: { type: 'percentage', amount: 10 },
};

type PromotionRow = {
  id: number;
  discount_type: 'percentage' | 'amount';
  discount_amount: number;
  descriptions_json: string;
  msisdn: string | null;
  product_name: string | null;
};

const toOffer =
  (scope: Offer['scope']) =>
  (row: PromotionRow): Offer => ({
    id: row.id,
    discount: { type: row.discount_type, amount: row.discount_amount },
    descriptions: JSON.parse(row.descriptions_json) as Translated,
    scope,
    msisdn: row.msisdn,
    productName: row.product_name,
  });

/**
 * The promotions granted to the given lines, then the catalogue's promotions on base products of the customer's
 * kind (residential or professional).
 */
export const offersFor = (db: Db, contractIds: readonly number[], residential: boolean): Offer[] => {
  const lines =
    contractIds.length === 0
      ? []
      : stmt<number[], PromotionRow>(
          db,
          `SELECT p.id, p.discount_type, p.discount_amount, p.descriptions_json, c.msisdn, NULL AS product_name
             FROM promotions p JOIN contracts c ON c.id = p.contract_id
            WHERE p.contract_id IN (${contractIds.map(() => '?').join(',')}) ORDER BY p.id`,
        )
          .all(...contractIds)
          .map(toOffer('line'));
  const catalogue = stmt<[number], PromotionRow>(
    db,
    `SELECT p.id, p.discount_type, p.discount_amount, p.descriptions_json, NULL AS msisdn, pr.name AS product_name
       FROM promotions p JOIN products pr ON pr.id = p.product_id
      WHERE pr.type = 'BASE' AND (CASE WHEN ? = 1 THEN pr.for_residential ELSE pr.for_professional END) = 1
      ORDER BY pr.price_cents, p.id`,
  )
    .all(residential ? 1 : 0)
    .map(toOffer('catalogue'));
  return [...lines, ...catalogue];
};

type ReferralRow = { referral_code: string | null; mobile_id: string; parrain: string | null };

/**
 * The customer's referral code and its results. A friend's `parrain` holds the code, or (older referrals) the
 * customer number; the customer's own `parrain` names whoever referred it.
 */
export const referralOf = (db: Db, customerId: number): Referral | null => {
  const row = stmt<[number], ReferralRow>(db, 'SELECT referral_code, mobile_id, parrain FROM customers WHERE id = ?').get(customerId);
  if (!row?.referral_code) return null;
  const referredCount =
    stmt<[string, string, number], { n: number }>(db, 'SELECT COUNT(*) AS n FROM customers WHERE parrain IN (?, ?) AND id <> ?').get(
      row.referral_code,
      row.mobile_id,
      customerId,
    )?.n ?? 0;
  const referrer = row.parrain
    ? stmt<[string, string], { first_name: string }>(
        db,
        `SELECT ct.first_name FROM customers c JOIN contacts ct ON ct.customer_id = c.id
          WHERE c.referral_code = ? OR c.mobile_id = ? LIMIT 1`,
      ).get(row.parrain, row.parrain)
    : undefined;
  return {
    code: row.referral_code,
    referrerReward: REFERRAL_REWARDS.referrer,
    friendReward: REFERRAL_REWARDS.friend,
    referredCount,
    referredBy: referrer?.first_name ?? null,
  };
};

export const promoOf = (db: Db, customerId: number): string | null =>
  stmt<[number], { promo: string | null }>(db, 'SELECT promo FROM customers WHERE id = ?').get(customerId)?.promo ?? null;
