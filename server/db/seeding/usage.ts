import { USAGE_PLANS } from '../demo/usage.ts';
import { generateUsage, type UsageRow } from '../usage-generator.ts';
import type { SeedContext } from './context.ts';

/** Rows per INSERT: 11 values each stays far below both engines' limit on parameters (SQLite 32,766, PostgreSQL 65,535). */
const BATCH = 1000;

/** Usage records of every plan in demo/usage.ts (~206k rows, Yasmine's volume test included). */
export const seedUsage = async ({ db, rng, now }: SeedContext): Promise<void> => {
  const insert = async (rows: readonly UsageRow[]): Promise<void> => {
    await db
      .insertInto('usage_records')
      .values(
        rows.map(([contractId, serviceCat, messages, isOob, impact, used, unit, incoming, destination, eventTime]) => ({
          contract_id: contractId,
          service_cat: serviceCat,
          messages,
          is_oob: isOob,
          resource_impact: impact,
          resource_unit: 'EUR_CENT',
          service_used: used,
          service_unit: unit,
          incoming,
          destination,
          event_time: eventTime,
        })),
      )
      .execute();
  };
  // The generator is synchronous: a plan's rows are collected, then written in batches in generation order (ids sort
  // like event times within a plan, as the history's paging expects).
  for (const plan of USAGE_PLANS) {
    const rows: UsageRow[] = [];
    generateUsage(rng, now, plan, (row) => rows.push(row));
    for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
  }
};
