import { hashPassword } from '../lib/password.ts';
import type { Db } from '../db/engine.ts';
import { ACTIVATION_CODES } from './data/activation.ts';
import { USERS } from './data/customers.ts';
import { DEMO_PASSWORD } from './data/ids.ts';
import { STATE_ACTIVATION_CODES, STATE_PEOPLE } from './data/states.ts';
import { seedActivationCodes } from './seeding/activation.ts';
import { seedCatalogue, seedPromotions } from './seeding/catalogue.ts';
import { createSeedContext, type SeedContext } from './seeding/context.ts';
import { seedContracts } from './seeding/contracts.ts';
import { seedCustomers, seedUsers } from './seeding/customers.ts';
import { seedEnergy } from './seeding/energy.ts';
import { seedFaq } from './seeding/faq.ts';
import { seedSupportTickets } from './seeding/support.ts';
import { seedInvoices } from './seeding/invoices.ts';
import { seedOrders } from './seeding/orders.ts';
import { seedSafeguards } from './seeding/safeguards.ts';
import { seedSettings } from './seeding/settings.ts';
import { seedStates } from './seeding/states.ts';
import { seedUsage } from './seeding/usage.ts';

/*
 * The demo seed: fills an empty, migrated database with the demo customers of the README. Three parts:
 * - demo/<area>.ts: the demo data of an area, as data (no database);
 * - usage-generator.ts: usage records from a usage plan;
 * - seeding/<area>.ts: the writes of an area, one function taking the SeedContext.
 * This file only orders the steps. Deterministic: every random value comes from mulberry32 streams with fixed
 * seeds and every date is relative to `now`, so two seeds with the same `now` give the same rows (except salted
 * hashes) and the current bill cycle always holds usage.
 *
 * Nothing in the running server imports the seed or its data, except database.ts, which calls `seed` on an
 * empty database.
 */

/**
 * The steps, in order. A step may read what an earlier one wrote (safeguards sum the usage, orders name users by
 * guid). The first steps draw from one shared random stream, so their order is part of the demo data: a new
 * area appends its step and draws from `s.rngFor('<area>')`.
 */
const STEPS: ((s: SeedContext) => Promise<void>)[] = [
  seedCatalogue,
  seedCustomers,
  seedUsers,
  seedContracts,
  seedPromotions,
  seedUsage,
  seedSafeguards,
  seedOrders,
  // After the orders: the invoices bill what the lines held, replayed from their executed orders.
  seedInvoices,
  seedActivationCodes,
  seedFaq,
  seedEnergy,
  seedSettings,
  seedSupportTickets,
  seedStates,
];

/** Fills an empty, migrated database with the demo customers. Runs in one transaction. */
export async function seed(db: Db, now: Date): Promise<void> {
  // Hashing is the slow part (scrypt); done before the transaction so the write lock is held briefly.
  const userIds = [...USERS.map((user) => user.id), ...STATE_PEOPLE.map((person) => person.userId)];
  const passwords = new Map(userIds.map((id) => [id, hashPassword(DEMO_PASSWORD)]));
  const activationCodes = new Map([...ACTIVATION_CODES, ...STATE_ACTIVATION_CODES].map((code) => [code.orderRef, hashPassword(code.code)]));
  // One plain transaction: the seed runs alone (under the start-up lock on PostgreSQL) and needs no write lock.
  await db.transaction().execute(async (tx) => {
    // Made inside the transaction: were it ever run again, the random streams would start over too.
    const s = createSeedContext(tx, now, {
      passwordOf: (userId) => passwords.get(userId) ?? null,
      activationCodeOf: (orderRef) => {
        const hash = activationCodes.get(orderRef);
        if (!hash) throw new Error(`no demo activation code for ${orderRef}`);
        return hash;
      },
    });
    for (const step of STEPS) await step(s);
  });
}
