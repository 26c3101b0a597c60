import { normalizeLinkStatus, type LinkStatus } from '#contract/energy';
import { type Db, writeTransaction } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';

/*
 * The energy link's repository. `energy_accounts` stands in for the sister energy service's accounts (which the
 * real service checks itself); which mobile customer an energy account is linked to is customers.energy_id with
 * energy_link_confirmed.
 */

export type EnergyAccountRow = Pick<Row<'energy_accounts'>, 'energy_id' | 'password_hash' | 'first_name' | 'last_name'>;

export const findEnergyAccount = (db: Db, energyId: string): Promise<EnergyAccountRow | undefined> =>
  db
    .selectFrom('energy_accounts')
    .select(['energy_id', 'password_hash', 'first_name', 'last_name'])
    .where('energy_id', '=', energyId)
    .executeTakeFirst();

const linkRows = (db: Db) => db.selectFrom('customers').select(['id', 'energy_id', 'energy_link_confirmed']);

/**
 * A customer's link (docs/product/offers.md "Energy link": without an energy id it is never confirmed); undefined for
 * an unknown customer.
 */
export const linkStatusOf = async (db: Db, customerId: number): Promise<LinkStatus | undefined> => {
  const row = await linkRows(db).where('id', '=', customerId).executeTakeFirst();
  return row ? normalizeLinkStatus({ energyId: row.energy_id, energyLinkConfirmed: row.energy_link_confirmed === 1 }) : undefined;
};

/** The other customer that holds an energy id, if any, and whether its link is confirmed. */
export const otherHolderOf = async (
  db: Db,
  energyId: string,
  customerId: number,
): Promise<{ id: number; confirmed: boolean } | undefined> => {
  const row = await linkRows(db).where('energy_id', '=', energyId).where('id', '<>', customerId).executeTakeFirst();
  return row ? { id: row.id, confirmed: row.energy_link_confirmed === 1 } : undefined;
};

/**
 * Links a customer to an energy account and confirms it (inside the route's write transaction). Another
 * customer's unconfirmed claim on the same account is released: whoever proved the account's password holds it.
 * The linking user's energy reference becomes the account's (docs/product/offers.md "Energy link": only a confirmed
 * link with an id updates it).
 */
export const confirmLink = (db: Db, customerId: number, userId: number, energyId: string, now: Date): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await tx
      .updateTable('customers')
      .set({ energy_id: null, energy_link_confirmed: 0, last_update: now.toISOString() })
      .where('energy_id', '=', energyId)
      .where('energy_link_confirmed', '=', 0)
      .where('id', '<>', customerId)
      .execute();
    await tx
      .updateTable('customers')
      .set({ energy_id: energyId, energy_link_confirmed: 1, last_update: now.toISOString() })
      .where('id', '=', customerId)
      .execute();
    await tx.updateTable('users').set({ energy_ref: energyId }).where('id', '=', userId).execute();
  });
