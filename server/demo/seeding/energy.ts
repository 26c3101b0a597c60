import { iso } from '../data/calendar.ts';
import { ENERGY_ACCOUNTS, REFERRAL_CODES } from '../data/energy.ts';
import { DEMO_IDS } from '../data/ids.ts';
import type { SeedContext } from './context.ts';

/** The energy service's demo accounts (demo password) and the account holders' referral codes. */
export const seedEnergy = async ({ db, nowMs, hashes }: SeedContext): Promise<void> => {
  // Every demo account has the demo password: the hash computed for Sophie's login serves (scrypt is slow).
  const passwordHash = hashes.passwordOf(DEMO_IDS.users.sophie);
  if (!passwordHash) throw new Error('no demo password hash');
  for (const account of ENERGY_ACCOUNTS) {
    await db
      .insertInto('energy_accounts')
      .values({
        energy_id: account.energyId,
        password_hash: passwordHash,
        first_name: account.firstName,
        last_name: account.lastName,
        created_at: iso(nowMs),
      })
      .execute();
  }
  for (const { customerId, code } of REFERRAL_CODES) {
    await db.updateTable('customers').set({ referral_code: code }).where('id', '=', customerId).execute();
  }
};
