import type { Db } from '../db/engine.ts';

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

const COLUMNS = [
  'id',
  'idempotency_key',
  'amount_value',
  'currency',
  'description',
  'redirect_url',
  'webhook_url',
  'metadata_json',
  'locale',
  'methods_json',
  'method',
  'status',
  'created_at',
  'expires_at',
  'finished_at',
] as const;

export type NewStandInPayment = Omit<StandInPaymentRow, 'method' | 'status' | 'finished_at'>;

export const insertStandInPayment = async (db: Db, row: NewStandInPayment): Promise<void> => {
  await db
    .insertInto('psp_stand_in_payments')
    .values({ ...row, status: 'open' })
    .execute();
};

export const findStandInPayment = (db: Db, id: string): Promise<StandInPaymentRow | undefined> =>
  db.selectFrom('psp_stand_in_payments').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export const findStandInPaymentByKey = (db: Db, key: string): Promise<StandInPaymentRow | undefined> =>
  db.selectFrom('psp_stand_in_payments').select(COLUMNS).where('idempotency_key', '=', key).executeTakeFirst();

/** The customer's choice on the checkout page: applied only while the payment is open; true when it was. */
export const finishStandInPayment = async (
  db: Db,
  id: string,
  status: Exclude<StandInStatus, 'open'>,
  method: string | null,
  at: string,
): Promise<boolean> =>
  (
    await db
      .updateTable('psp_stand_in_payments')
      .set((eb) => ({ status, method: eb.fn.coalesce(eb.val(method), eb.ref('method')), finished_at: at }))
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst()
  ).numUpdatedRows === 1n;

/** Open payments whose time ran out: they expire (the caller tells the merchant through its webhook). */
export const expireStandInPayments = async (db: Db, now: string): Promise<StandInPaymentRow[]> => {
  const due = await db
    .selectFrom('psp_stand_in_payments')
    .select(COLUMNS)
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .execute();
  const expired: StandInPaymentRow[] = [];
  for (const row of due) if (await finishStandInPayment(db, row.id, 'expired', null, now)) expired.push(row);
  return expired;
};
