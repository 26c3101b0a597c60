import { sql } from 'kysely';
import type { Translated } from '#contract/common';
import type { Discount, Offer, Referral } from '#contract/offers';
import type { Db } from '../db/engine.ts';

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
 * docs/product/offers.md "The offers page": first the customer's current promotions, line by line (those granted to the
 * line and those of the plan it holds: what contract/pricing.ts takes off its price), then the catalogue's promotions
 * on base products of the customer's kind (residential or professional) — never on a plan one of its lines already has,
 * whose promotion is then among the current ones.
 */
export const offersFor = async (db: Db, contractIds: readonly number[], residential: boolean, now: Date): Promise<Offer[]> => {
  const lines =
    contractIds.length === 0
      ? []
      : await db.selectFrom('contracts').select(['id', 'msisdn', 'product_id']).where('id', 'in', contractIds).orderBy('id').execute();
  const current: Offer[] = [];
  for (const line of lines) {
    const rows = await db
      .selectFrom('promotions as p')
      .leftJoin('products as pr', 'pr.id', 'p.product_id')
      .select(['p.id', 'p.discount_type', 'p.discount_amount', 'p.descriptions_json', 'pr.name as product_name'])
      .where((eb) =>
        eb.and([
          eb.or([eb('p.product_id', 'is not', null), eb('p.contract_id', 'is not', null)]),
          eb.or([eb('p.product_id', 'is', null), eb('p.product_id', '=', line.product_id)]),
          eb.or([eb('p.contract_id', 'is', null), eb('p.contract_id', '=', line.id)]),
        ]),
      )
      .orderBy('p.id')
      .execute();
    current.push(...rows.map((row) => toOffer('line')({ ...row, msisdn: line.msisdn })));
  }
  const held = new Set(lines.map((line) => line.product_id));
  const monthlyData = await busiestMonthlyData(db, contractIds, now);
  const catalogue = (
    await db
      .selectFrom('promotions as p')
      .innerJoin('products as pr', 'pr.id', 'p.product_id')
      .select([
        'p.id',
        'p.discount_type',
        'p.discount_amount',
        'p.descriptions_json',
        sql<string | null>`NULL`.as('msisdn'),
        'pr.name as product_name',
        'pr.id as product_id',
        'pr.data_limit_mb',
      ])
      .where('p.contract_id', 'is', null)
      .where('pr.type', '=', 'BASE')
      .where(residential ? 'pr.for_residential' : 'pr.for_professional', '=', 1)
      .orderBy('pr.price_cents')
      .orderBy('p.id')
      .execute()
  )
    .filter((row) => !held.has(row.product_id))
    // Offers that fit (issue 43 point 7): never a plan whose data the customer's busiest line outgrows (Yasmine, at
    // about 90 GB a month, is not offered the 20 GB plan). 0 MB is unlimited.
    .filter((row) => row.data_limit_mb === 0 || row.data_limit_mb * MB >= monthlyData)
    .map(toOffer('catalogue'));
  return [...current, ...catalogue];
};

const MB = 1024 * 1024;
/** The days over which a line's monthly data use is averaged (three months). */
const AVERAGE_DAYS = 90;

/** The average data a month (bytes) of the busiest of these lines over the last three months. */
const busiestMonthlyData = async (db: Db, contractIds: readonly number[], now: Date): Promise<number> => {
  if (contractIds.length === 0) return 0;
  const since = now.getTime() - AVERAGE_DAYS * 86_400_000;
  const rows = await db
    .selectFrom('usage_records')
    .select(['contract_id', (eb) => eb.fn.sum<number | string | null>('service_used').as('bytes')])
    .where('contract_id', 'in', contractIds)
    .where('service_cat', '=', 'data')
    .where('event_time', '>=', since)
    .where('event_time', '<=', now.getTime())
    .groupBy('contract_id')
    .execute();
  return Math.max(0, ...rows.map((row) => (Number(row.bytes ?? 0) * 30) / AVERAGE_DAYS));
};

/**
 * The customer's referral code and its results. A friend's `parrain` holds the code, or (older referrals) the
 * customer number; the customer's own `parrain` names whoever referred it.
 */
export const referralOf = async (db: Db, customerId: number): Promise<Referral | null> => {
  const row = await db
    .selectFrom('customers')
    .select(['referral_code', 'mobile_id', 'parrain'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row?.referral_code) return null;
  const referredCount =
    (
      await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parrain', 'in', [row.referral_code, row.mobile_id])
        .where('id', '<>', customerId)
        .executeTakeFirst()
    )?.n ?? 0;
  const parrain = row.parrain;
  const referrer = parrain
    ? await db
        .selectFrom('customers as c')
        .innerJoin('contacts as ct', 'ct.customer_id', 'c.id')
        .select('ct.first_name')
        .where((eb) => eb.or([eb('c.referral_code', '=', parrain), eb('c.mobile_id', '=', parrain)]))
        .limit(1)
        .executeTakeFirst()
    : undefined;
  return {
    code: row.referral_code,
    referrerReward: REFERRAL_REWARDS.referrer,
    friendReward: REFERRAL_REWARDS.friend,
    referredCount,
    referredBy: referrer?.first_name ?? null,
  };
};

export const promoOf = async (db: Db, customerId: number): Promise<string | null> =>
  (await db.selectFrom('customers').select('promo').where('id', '=', customerId).executeTakeFirst())?.promo ?? null;
