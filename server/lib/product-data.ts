import type { Translated } from '#contract/common';
import type { Option, Product } from '#contract/products';
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
  data: volumes(row).data,
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
