import { iso } from '../demo/calendar.ts';
import { ENERGY_ACCOUNTS, REFERRAL_CODES } from '../demo/energy.ts';
import { DEMO_IDS } from '../demo/ids.ts';
import type { SeedContext } from './context.ts';

/** The energy service's demo accounts (demo password) and the account holders' referral codes. */
export const seedEnergy = ({ db, nowMs, hashes }: SeedContext): void => {
  // Every demo account has the demo password: the hash computed for Sophie's login serves (scrypt is slow).
  const passwordHash = hashes.passwordOf(DEMO_IDS.users.sophie);
  if (!passwordHash) throw new Error('no demo password hash');
  const insertAccount = db.prepare(
    'INSERT INTO energy_accounts (energy_id, password_hash, first_name, last_name, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const account of ENERGY_ACCOUNTS) insertAccount.run(account.energyId, passwordHash, account.firstName, account.lastName, iso(nowMs));
  const setCode = db.prepare('UPDATE customers SET referral_code = ? WHERE id = ?');
  for (const { customerId, code } of REFERRAL_CODES) setCode.run(code, customerId);
};
