import { rateCycle, billCycleOfContract } from '../../lib/rating-data.ts';
import { cyclePeriod, localDayRange } from '../../lib/service-calendar.ts';
import { CONTRACTS, NEXT_SAFEGUARD_CENTS, SAFEGUARDS, type SafeguardType } from '../demo/contracts.ts';
import type { SeedContext } from './context.ts';

/**
 * The safeguards of every line (demo/contracts.ts). What a line has overspent is the current cycle's out-of-bundle
 * charges as the rating computes them (server/lib/rating-data.ts), so this step runs after the usage: the alerts and
 * the usage screens agree.
 */
export const seedSafeguards = ({ db, now }: SeedContext): void => {
  const insertSafeguard = db.prepare(`INSERT INTO safeguards (contract_id, type, current_cents, next_cents, alert_cents,
    default_cents, max_cents, overspent_credit_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const contract of CONTRACTS) {
    const period = cyclePeriod(now, billCycleOfContract(db, contract.id));
    const rating = rateCycle(db, contract.id, localDayRange(period.start, period.end));
    // The general limit counts every charge, the premium one premium services, the data one data (the alert engine's rule).
    const spent: Record<SafeguardType, number> = {
      OSG: rating.overspent.credit,
      PSG: rating.overspent.premium,
      DSG: rating.centsByKind.data,
    };
    for (const safeguard of SAFEGUARDS) {
      const next = NEXT_SAFEGUARD_CENTS.find((n) => n.contractId === contract.id && n.type === safeguard.type)?.cents ?? null;
      insertSafeguard.run(
        contract.id,
        safeguard.type,
        safeguard.currentCents,
        next,
        safeguard.alertCents,
        safeguard.defaultCents,
        safeguard.maxCents,
        spent[safeguard.type],
      );
    }
  }
};
