import { cycleStartMs } from '../demo/calendar.ts';
import { CONTRACTS, NEXT_SAFEGUARD_CENTS, SAFEGUARDS, type SafeguardType } from '../demo/contracts.ts';
import type { SeedContext } from './context.ts';

/**
 * The safeguards of every line (demo/contracts.ts). What a line has overspent is the current cycle's out-of-bundle
 * total of its usage, so this step runs after the usage: the alerts and the usage screens agree.
 */
export const seedSafeguards = async ({ db, now }: SeedContext): Promise<void> => {
  const spentOf: Record<SafeguardType, 'total' | 'premium' | 'data'> = { OSG: 'total', PSG: 'premium', DSG: 'data' };
  for (const contract of CONTRACTS) {
    const spent = (await db
      .selectFrom('usage_records')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('resource_impact'), eb.lit(0)).as('total'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('destination', '=', 'premium').then(eb.ref('resource_impact')).else(0).end()),
            eb.lit(0),
          )
          .as('premium'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb.case().when('service_cat', '=', 'data').then(eb.ref('resource_impact')).else(0).end()), eb.lit(0))
          .as('data'),
      ])
      .where('contract_id', '=', contract.id)
      .where('is_oob', '=', 1)
      .where('event_time', '>=', cycleStartMs(now, contract.startDay))
      .executeTakeFirst()) ?? { total: 0, premium: 0, data: 0 };
    for (const safeguard of SAFEGUARDS) {
      const next = NEXT_SAFEGUARD_CENTS.find((n) => n.contractId === contract.id && n.type === safeguard.type)?.cents ?? null;
      await db
        .insertInto('safeguards')
        .values({
          contract_id: contract.id,
          type: safeguard.type,
          current_cents: safeguard.currentCents,
          next_cents: next,
          alert_cents: safeguard.alertCents,
          default_cents: safeguard.defaultCents,
          max_cents: safeguard.maxCents,
          overspent_credit_cents: spent[spentOf[safeguard.type]],
        })
        .execute();
    }
  }
};
