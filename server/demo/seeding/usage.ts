import { USAGE_PLANS } from '../data/usage.ts';
import { generateUsage, type UsageRow } from '../usage-generator.ts';
import { insertRows } from '../../db/engine.ts';
import type { SeedContext } from './context.ts';

/** Usage records of every plan in demo/usage.ts (~206k rows, Yasmine's volume test included). */
export const seedUsage = async ({ db, rng, rngFor, now }: SeedContext): Promise<void> => {
  // Draws added after the first demo usage come from a stream of their own (see generateUsage).
  const extra = rngFor('usage');
  // The generator is synchronous: a plan's rows are collected, then written in generation order (ids sort like event
  // times within a plan, as the history's paging expects).
  for (const plan of USAGE_PLANS) {
    const rows: UsageRow[] = [];
    generateUsage(rng, now, plan, (row) => rows.push(row), extra);
    await insertRows(
      db,
      'usage_records',
      rows.map(([contractId, serviceCat, messages, isOob, impact, used, unit, incoming, destination, eventTime, country]) => ({
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
        country: country ?? null,
      })),
    );
  }
};
