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
 * docs/product/offers.md "Offers": first the customer's current promotions, line by line (those granted to the line
 * and those of the plan it holds: what contract/pricing.ts takes off its price), then the catalogue's promotions on
 * base products of the customer's kind (residential or professional) — never on a plan one of its lines already
 * has, whose promotion is then among the current ones.
 */
export const offersFor = (db: Db, contractIds: readonly number[], residential: boolean): Offer[] => {
  const lines =
    contractIds.length === 0
      ? []
      : stmt<number[], { id: number; msisdn: string | null; product_id: number }>(
          db,
          `SELECT id, msisdn, product_id FROM contracts WHERE id IN (${contractIds.map(() => '?').join(',')}) ORDER BY id`,
        ).all(...contractIds);
  const current = lines.flatMap((line) =>
    stmt<[number, number, number], PromotionRow>(
      db,
      `SELECT p.id, p.discount_type, p.discount_amount, p.descriptions_json, c.msisdn, pr.name AS product_name
         FROM promotions p JOIN contracts c ON c.id = ? LEFT JOIN products pr ON pr.id = p.product_id
        WHERE (p.product_id IS NOT NULL OR p.contract_id IS NOT NULL)
          AND (p.product_id IS NULL OR p.product_id = ?) AND (p.contract_id IS NULL OR p.contract_id = ?)
        ORDER BY p.id`,
    )
      .all(line.id, line.product_id, line.id)
      .map(toOffer('line')),
  );
  const held = new Set(lines.map((line) => line.product_id));
  const catalogue = stmt<[number], PromotionRow & { product_id: number }>(
    db,
    `SELECT p.id, p.discount_type, p.discount_amount, p.descriptions_json, NULL AS msisdn, pr.name AS product_name, pr.id AS product_id
       FROM promotions p JOIN products pr ON pr.id = p.product_id
      WHERE p.contract_id IS NULL AND pr.type = 'BASE' AND (CASE WHEN ? = 1 THEN pr.for_residential ELSE pr.for_professional END) = 1
      ORDER BY pr.price_cents, p.id`,
  )
    .all(residential ? 1 : 0)
    .filter((row) => !held.has(row.product_id))
    .map(toOffer('catalogue'));
  return [...current, ...catalogue];
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
