import type { Translated } from '#contract/common';
import type { AllowanceZone } from '#contract/rating';
import type { Option, Product, Promotion } from '#contract/products';
import type { Db } from '../db/database.ts';
import { bool, stmt } from './sql.ts';

export type ProductRow = {
  id: number;
  guid: string;
  name: string;
  type: 'BASE' | 'OPTION';
  descriptions_json: string;
  technical_descriptions_json: string;
  price_cents: number;
  for_residential: number;
  for_professional: number;
  data_limit_mb: number;
  voice_limit_min: number;
  sms_limit: number;
  max_combinations: number;
  sorted_option_ids_json: string;
  last_update: string;
  oob_data_cents_per_mb: number;
  oob_call_cents_per_min: number;
  oob_sms_cents: number;
  allowance_zone: AllowanceZone;
};

/** Texts are JSON in SQLite; a missing language falls back to French (SPEC §1: fr is the fallback). */
const translated = (json: string): Translated => {
  const parsed: unknown = JSON.parse(json);
  const texts = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const text = (lang: string): string | undefined => (typeof texts[lang] === 'string' ? texts[lang] : undefined);
  const fr = text('fr') ?? text('en') ?? text('nl') ?? '';
  return { fr, nl: text('nl') ?? fr, en: text('en') ?? fr };
};

const numberList = (json: string): number[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((value): value is number => Number.isInteger(value)) : [];
};

// Units of the volumes (SPEC §3: 0 means unlimited; data in MB, converted with the factor 1024 by the app).
const volumes = (row: ProductRow) => ({
  data: { limit_amount: row.data_limit_mb, unit: 'MB' },
  voice: { limit_amount: row.voice_limit_min, unit: 'min' },
  sms: { limit_amount: row.sms_limit, unit: 'sms' },
});

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  guid: row.guid,
  name: row.name,
  type: row.type,
  descriptions: translated(row.descriptions_json),
  technical_descriptions: translated(row.technical_descriptions_json),
  pricing: { price: row.price_cents },
  for_residential: bool(row.for_residential),
  for_professional: bool(row.for_professional),
  sortedOptionIds: numberList(row.sorted_option_ids_json),
  ...volumes(row),
  oob_rates: { data_per_mb: row.oob_data_cents_per_mb, call_per_minute: row.oob_call_cents_per_min, sms: row.oob_sms_cents },
  lastUpdate: row.last_update,
});

/**
 * An option as the contract sends it. `active` is the current count: a boolean for options taken at most
 * once, a number for combinable (data) options (SPEC §3).
 */
export const toOption = (row: ProductRow, count: number): Option => ({
  id: row.id,
  guid: row.guid,
  name: row.name,
  max_combinations: row.max_combinations,
  price: row.price_cents,
  ...volumes(row),
  zone: row.allowance_zone,
  descriptions: translated(row.descriptions_json),
  active: row.max_combinations > 1 ? count : count > 0,
});

/** Products held by a contract (active and inactive, base and option rows), optionally limited to `ids`. */
export const contractProducts = (db: Db, contractId: number, ids: readonly number[] | null): Product[] => {
  const rows = stmt<[number], ProductRow>(
    db,
    `SELECT p.* FROM contract_products cp JOIN products p ON p.id = cp.product_id
     WHERE cp.contract_id = ? ORDER BY cp.is_base DESC, cp.active DESC, p.id`,
  ).all(contractId);
  const wanted = ids ? new Set(ids) : null;
  return rows.filter((row) => !wanted || wanted.has(row.id)).map(toProduct);
};

/**
 * Options a contract can hold: those offered with its current base product plus any it already holds (an
 * option kept after a plan change must stay visible), each with its current count.
 */
export const contractOptions = (db: Db, contractId: number, baseProductId: number): Option[] => {
  const rows = stmt<[number, number, number], ProductRow & { active_count: number | null }>(
    db,
    `SELECT p.*, co.count AS active_count FROM products p
     LEFT JOIN contract_options co ON co.option_id = p.id AND co.contract_id = ?
     WHERE p.id IN (SELECT option_id FROM product_options WHERE product_id = ?)
        OR p.id IN (SELECT option_id FROM contract_options WHERE contract_id = ?)
     ORDER BY p.price_cents DESC, p.id`,
  ).all(contractId, baseProductId, contractId);
  return rows.map((row) => toOption(row, row.active_count ?? 0));
};

export const findProduct = (db: Db, productId: number): ProductRow | undefined =>
  stmt<[number], ProductRow>(db, 'SELECT * FROM products WHERE id = ?').get(productId);

export type Segment = 'residential' | 'professional';

/**
 * SPEC §6 "professional restriction": the owner or admin of a non-residential contact is offered the professional
 * catalogue, everyone else the residential one. The podium is that segment's base products, cheapest first.
 */
export const podiumProducts = (db: Db, segment: Segment): Product[] =>
  stmt<[], ProductRow>(
    db,
    `SELECT * FROM products WHERE type = 'BASE' AND ${segment === 'professional' ? 'for_professional' : 'for_residential'} = 1
     ORDER BY price_cents, id`,
  )
    .all()
    .map(toProduct);

/** The option rows that can be added to a base product. */
export const optionRowsOfProduct = (db: Db, productId: number): ProductRow[] =>
  stmt<[number], ProductRow>(
    db,
    `SELECT p.* FROM product_options po JOIN products p ON p.id = po.option_id
     WHERE po.product_id = ? AND p.type = 'OPTION' ORDER BY p.price_cents DESC, p.id`,
  ).all(productId);

/** GET /products/{id}/options: no contract here, so every option is inactive (false, or 0 for counted options). */
export const productOptions = (db: Db, productId: number): Option[] => optionRowsOfProduct(db, productId).map((row) => toOption(row, 0));

type PromotionRow = {
  id: number;
  product_id: number | null;
  contract_id: number | null;
  discount_type: 'percentage' | 'amount';
  discount_amount: number;
  descriptions_json: string;
};

const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id,
  product_id: row.product_id,
  contract_id: row.contract_id,
  discount_type: row.discount_type,
  discount_amount: row.discount_amount,
  descriptions: translated(row.descriptions_json),
});

/** The promotions of a product: what anyone taking it gets. */
export const productPromotions = (db: Db, productId: number): Promotion[] =>
  stmt<[number], PromotionRow>(db, 'SELECT * FROM promotions WHERE product_id = ? ORDER BY id').all(productId).map(toPromotion);

/** What a contract gets now: its own promotions and those of its current base product. */
export const contractPromotions = (db: Db, contractId: number, baseProductId: number): Promotion[] =>
  stmt<[number, number], PromotionRow>(db, 'SELECT * FROM promotions WHERE contract_id = ? OR product_id = ? ORDER BY id')
    .all(contractId, baseProductId)
    .map(toPromotion);

/** SPEC §3 "Totals hold a percentage factor and an amount quantity": the sum of each kind. */
export const promotionTotals = (promotions: readonly Promotion[]): { percentage: number; amount: number } => ({
  percentage: promotions.filter((p) => p.discount_type === 'percentage').reduce((sum, p) => sum + p.discount_amount, 0),
  amount: promotions.filter((p) => p.discount_type === 'amount').reduce((sum, p) => sum + p.discount_amount, 0),
});
