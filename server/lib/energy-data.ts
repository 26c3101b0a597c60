import { normalizeLinkStatus, type LinkStatus } from '#contract/energy';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

/*
 * The energy link's repository. `energy_accounts` stands in for the sister energy service's accounts (which the
 * real service checks itself); which mobile customer an energy account is linked to is customers.energy_id with
 * energy_link_confirmed.
 */

export type EnergyAccountRow = { energy_id: string; password_hash: string; first_name: string; last_name: string };

export const findEnergyAccount = (db: Db, energyId: string): EnergyAccountRow | undefined =>
  stmt<[string], EnergyAccountRow>(
    db,
    'SELECT energy_id, password_hash, first_name, last_name FROM energy_accounts WHERE energy_id = ?',
  ).get(energyId);

type LinkRow = { id: number; energy_id: string | null; energy_link_confirmed: number };

const linkRowOf = (db: Db, customerId: number): LinkRow | undefined =>
  stmt<[number], LinkRow>(db, 'SELECT id, energy_id, energy_link_confirmed FROM customers WHERE id = ?').get(customerId);

/** A customer's link (SPEC §4: without an energy id it is never confirmed); undefined for an unknown customer. */
export const linkStatusOf = (db: Db, customerId: number): LinkStatus | undefined => {
  const row = linkRowOf(db, customerId);
  return row ? normalizeLinkStatus({ energyId: row.energy_id, energyLinkConfirmed: row.energy_link_confirmed === 1 }) : undefined;
};

/** The other customer that holds an energy id, if any, and whether its link is confirmed. */
export const otherHolderOf = (db: Db, energyId: string, customerId: number): { id: number; confirmed: boolean } | undefined => {
  const row = stmt<[string, number], LinkRow>(
    db,
    'SELECT id, energy_id, energy_link_confirmed FROM customers WHERE energy_id = ? AND id <> ?',
  ).get(energyId, customerId);
  return row ? { id: row.id, confirmed: row.energy_link_confirmed === 1 } : undefined;
};

/**
 * Links a customer to an energy account and confirms it (inside the route's write transaction). Another
 * customer's unconfirmed claim on the same account is released: whoever proved the account's password holds it.
 * The linking user's energy reference becomes the account's (SPEC §4: only a confirmed link with an id updates it).
 */
export const confirmLink = (db: Db, customerId: number, userId: number, energyId: string, now: Date): void => {
  stmt<[string, string, number]>(
    db,
    'UPDATE customers SET energy_id = NULL, energy_link_confirmed = 0, last_update = ? WHERE energy_id = ? AND energy_link_confirmed = 0 AND id <> ?',
  ).run(now.toISOString(), energyId, customerId);
  stmt<[string, string, number]>(db, 'UPDATE customers SET energy_id = ?, energy_link_confirmed = 1, last_update = ? WHERE id = ?').run(
    energyId,
    now.toISOString(),
    customerId,
  );
  stmt<[string, number]>(db, 'UPDATE users SET energy_ref = ? WHERE id = ?').run(energyId, userId);
};
