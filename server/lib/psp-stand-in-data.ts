import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

/*
 * The stand-in payment provider's own store (routes/psp-stand-in.ts): the payments it holds, as its API describes
 * them. It stands for another company's system, so nothing else of the server reads this table.
 */

export type StandInStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';

export type StandInPaymentRow = {
  id: string;
  idempotency_key: string | null;
  amount_value: string;
  currency: string;
  description: string;
  redirect_url: string;
  webhook_url: string | null;
  metadata_json: string | null;
  locale: string | null;
  methods_json: string | null;
  method: string | null;
  status: StandInStatus;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
};

const COLUMNS = `id, idempotency_key, amount_value, currency, description, redirect_url, webhook_url, metadata_json, locale, methods_json,
  method, status, created_at, expires_at, finished_at`;

export type NewStandInPayment = Omit<StandInPaymentRow, 'method' | 'status' | 'finished_at'>;

export const insertStandInPayment = (db: Db, row: NewStandInPayment): void => {
  stmt<[string, string | null, string, string, string, string, string | null, string | null, string | null, string | null, string, string]>(
    db,
    `INSERT INTO psp_stand_in_payments (id, idempotency_key, amount_value, currency, description, redirect_url, webhook_url, metadata_json,
       locale, methods_json, status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
  ).run(
    row.id,
    row.idempotency_key,
    row.amount_value,
    row.currency,
    row.description,
    row.redirect_url,
    row.webhook_url,
    row.metadata_json,
    row.locale,
    row.methods_json,
    row.created_at,
    row.expires_at,
  );
};

export const findStandInPayment = (db: Db, id: string): StandInPaymentRow | undefined =>
  stmt<[string], StandInPaymentRow>(db, `SELECT ${COLUMNS} FROM psp_stand_in_payments WHERE id = ?`).get(id);

export const findStandInPaymentByKey = (db: Db, key: string): StandInPaymentRow | undefined =>
  stmt<[string], StandInPaymentRow>(db, `SELECT ${COLUMNS} FROM psp_stand_in_payments WHERE idempotency_key = ?`).get(key);

/** The customer's choice on the checkout page: applied only while the payment is open; true when it was. */
export const finishStandInPayment = (
  db: Db,
  id: string,
  status: Exclude<StandInStatus, 'open'>,
  method: string | null,
  at: string,
): boolean =>
  stmt<[string, string | null, string, string]>(
    db,
    `UPDATE psp_stand_in_payments SET status = ?, method = COALESCE(?, method), finished_at = ? WHERE id = ? AND status = 'open'`,
  ).run(status, method, at, id).changes === 1;

/** Open payments whose time ran out: they expire (the caller tells the merchant through its webhook). */
export const expireStandInPayments = (db: Db, now: string): StandInPaymentRow[] => {
  const due = stmt<[string], StandInPaymentRow>(
    db,
    `SELECT ${COLUMNS} FROM psp_stand_in_payments WHERE status = 'open' AND expires_at <= ? ORDER BY expires_at`,
  ).all(now);
  return due.filter((row) => finishStandInPayment(db, row.id, 'expired', null, now));
};
