import type { HeldItem } from '#contract/billing';
import type { Db } from '../db/database.ts';
import { addDaysToDate, localDate } from './service-calendar.ts';
import { stmt } from './sql.ts';

/*
 * What a line held and when (the `subscription_periods` table): its plan and each option with its count, day by
 * day, so that the billing run bills each for the days of the cycle it was held (docs/product/invoices.md "Pro
 * rata"). The history follows the line's current state: `syncSubscriptionHistory` closes what the line no longer
 * holds and opens what it holds now, as of the day a change takes effect. The order execution calls it when it
 * changes a plan, an option or the line's status; the billing run calls it before it bills a line, so a change made
 * by any other path is recorded at the latest then.
 */

/** Statuses in which a line is billed for its plan and options (a suspended line still holds its subscription). */
export const BILLED_STATUSES = ['ACTIVATED', 'SUSPENDED'] as const;

type ContractFacts = { status: string; product_id: number; activated_at: string | null; billing_from: string | null };
type OpenPeriod = { id: number; kind: 'plan' | 'option'; product_id: number; count: number; start_date: string };

const keyOf = (kind: string, productId: number): string => `${kind}:${productId}`;

/** The first day the line is billed: its `billing_from`, else the day it was activated (the service's calendar). */
export const billingStart = (contract: { activated_at: string | null; billing_from: string | null }): string | null =>
  contract.billing_from ?? (contract.activated_at === null ? null : localDate(Date.parse(contract.activated_at)));

/**
 * Aligns the line's history with what it holds now, as of `date` ('YYYY-MM-DD', the first day of the new state):
 * a period that no longer matches ends the day before (or disappears, when it began that same day), and what the
 * line holds without an open period starts on `date` — or on the line's billing start when the line has no history
 * at all yet (its first sync). Call inside a write transaction.
 */
export const syncSubscriptionHistory = (db: Db, contractId: number, date: string): void => {
  const contract = stmt<[number], ContractFacts>(
    db,
    'SELECT status, product_id, activated_at, billing_from FROM contracts WHERE id = ?',
  ).get(contractId);
  if (!contract) return;
  const wanted = new Map<string, { kind: 'plan' | 'option'; productId: number; count: number }>();
  if ((BILLED_STATUSES as readonly string[]).includes(contract.status)) {
    wanted.set(keyOf('plan', contract.product_id), { kind: 'plan', productId: contract.product_id, count: 1 });
    const options = stmt<[number], { option_id: number; count: number }>(
      db,
      'SELECT option_id, count FROM contract_options WHERE contract_id = ? AND count > 0',
    ).all(contractId);
    for (const option of options)
      wanted.set(keyOf('option', option.option_id), { kind: 'option', productId: option.option_id, count: option.count });
  }
  const hasHistory =
    stmt<[number], { n: number }>(db, 'SELECT COUNT(*) AS n FROM subscription_periods WHERE contract_id = ?').get(contractId)!.n > 0;
  const start = hasHistory ? date : (billingStart(contract) ?? date);
  const open = stmt<[number], OpenPeriod>(
    db,
    'SELECT id, kind, product_id, count, start_date FROM subscription_periods WHERE contract_id = ? AND end_date IS NULL',
  ).all(contractId);
  const kept = new Set<string>();
  for (const period of open) {
    const key = keyOf(period.kind, period.product_id);
    if (wanted.get(key)?.count === period.count) {
      kept.add(key);
      continue;
    }
    if (period.start_date >= date) stmt<[number]>(db, 'DELETE FROM subscription_periods WHERE id = ?').run(period.id);
    else stmt<[string, number]>(db, 'UPDATE subscription_periods SET end_date = ? WHERE id = ?').run(addDaysToDate(date, -1), period.id);
  }
  for (const [key, item] of wanted) {
    if (kept.has(key)) continue;
    stmt<[number, string, number, number, string]>(
      db,
      'INSERT INTO subscription_periods (contract_id, kind, product_id, count, start_date) VALUES (?, ?, ?, ?, ?)',
    ).run(contractId, item.kind, item.productId, item.count, start);
  }
};

/** What the line held during [from, to], with the catalogue's names and prices, for contract/billing.ts. */
export const heldItems = (db: Db, contractId: number, from: string, to: string): HeldItem[] =>
  stmt<
    [number, string, string],
    {
      kind: 'plan' | 'option';
      product_id: number;
      name: string;
      price_cents: number;
      count: number;
      start_date: string;
      end_date: string | null;
    }
  >(
    db,
    `SELECT s.kind, s.product_id, p.name, p.price_cents, s.count, s.start_date, s.end_date
     FROM subscription_periods s JOIN products p ON p.id = s.product_id
     WHERE s.contract_id = ? AND s.start_date <= ? AND (s.end_date IS NULL OR s.end_date >= ?) ORDER BY s.start_date, s.id`,
  )
    .all(contractId, to, from)
    .map((row) => ({
      kind: row.kind,
      productId: row.product_id,
      name: row.name,
      price: row.price_cents,
      count: row.count,
      from: row.start_date,
      to: row.end_date,
    }));

/** The last day the line held anything (null: it still holds its subscription, or never held one). */
export const lastHeldDay = (db: Db, contractId: number): { open: boolean; last: string | null } => {
  const row = stmt<[number], { open: number; last: string | null }>(
    db,
    'SELECT SUM(end_date IS NULL) AS open, MAX(end_date) AS last FROM subscription_periods WHERE contract_id = ?',
  ).get(contractId);
  return { open: (row?.open ?? 0) > 0, last: row?.last ?? null };
};
