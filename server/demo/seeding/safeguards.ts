import { rateCycle, billCycleOfContract } from '../../lib/rating-data.ts';
import { localDayRange } from '#contract/calendar';
import { cyclePeriod } from '../../lib/service-calendar.ts';
import { CONTRACTS, NEXT_SAFEGUARD_CENTS, SAFEGUARDS, type SafeguardType } from '../data/contracts.ts';
import type { SeedContext } from './context.ts';

/**
 * The safeguards of every line (demo/contracts.ts). What a line has overspent is the current cycle's out-of-bundle
 * charges as the rating computes them (server/lib/rating-data.ts), so this step runs after the usage: the alerts and
 * the usage screens agree.
 */
export const seedSafeguards = async ({ db, now }: SeedContext): Promise<void> => {
  for (const contract of CONTRACTS) {
    const period = cyclePeriod(now, await billCycleOfContract(db, contract.id));
    const rating = await rateCycle(db, contract.id, localDayRange(period.start, period.end));
    // The general limit counts every charge, the premium one premium services, the data one data (the alert engine's rule).
    const spent: Record<SafeguardType, number> = {
      OSG: rating.overspent.credit,
      PSG: rating.overspent.premium,
      DSG: rating.centsByKind.data,
    };
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
          overspent_credit_cents: spent[safeguard.type],
        })
        .execute();
    }
  }
};
