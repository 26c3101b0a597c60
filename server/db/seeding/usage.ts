import { USAGE_PLANS } from '../demo/usage.ts';
import { generateUsage, type UsageRow } from '../usage-generator.ts';
import type { SeedContext } from './context.ts';

/** Usage records of every plan in demo/usage.ts (~206k rows, Yasmine's volume test included). */
export const seedUsage = ({ db, rng, rngFor, now }: SeedContext): void => {
  // One prepared statement in the surrounding transaction: ~200k rows in well under a second.
  const insertUsage = db.prepare(`INSERT INTO usage_records (contract_id, service_cat, messages, is_oob, resource_impact,
    resource_unit, service_used, service_unit, incoming, destination, event_time) VALUES (?, ?, ?, ?, ?, 'EUR_CENT', ?, ?, ?, ?, ?)`);
  const insert = (row: UsageRow): void => {
    insertUsage.run(...row);
  };
  // Draws added after the first demo usage come from a stream of their own (see generateUsage).
  const extra = rngFor('usage');
  for (const plan of USAGE_PLANS) generateUsage(rng, now, plan, insert, extra);
};
