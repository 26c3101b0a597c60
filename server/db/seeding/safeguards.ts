import { cycleStartMs } from '../demo/calendar.ts';
import { CONTRACTS, NEXT_SAFEGUARD_CENTS, SAFEGUARDS, type SafeguardType } from '../demo/contracts.ts';
import type { SeedContext } from './context.ts';

/**
 * The safeguards of every line (demo/contracts.ts). What a line has overspent is the current cycle's out-of-bundle
 * total of its usage, so this step runs after the usage: the alerts and the usage screens agree.
 */
export const seedSafeguards = ({ db, now }: SeedContext): void => {
  const oobSince = db.prepare<[number, number], { total: number; premium: number; data: number }>(`SELECT
      COALESCE(SUM(resource_impact), 0) AS total,
      COALESCE(SUM(CASE WHEN destination = 'premium' THEN resource_impact ELSE 0 END), 0) AS premium,
      COALESCE(SUM(CASE WHEN service_cat = 'data' THEN resource_impact ELSE 0 END), 0) AS data
    FROM usage_records WHERE contract_id = ? AND is_oob = 1 AND event_time >= ?`);
  const insertSafeguard = db.prepare(`INSERT INTO safeguards (contract_id, type, current_cents, next_cents, alert_cents,
    default_cents, max_cents, overspent_credit_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const spentOf: Record<SafeguardType, 'total' | 'premium' | 'data'> = { OSG: 'total', PSG: 'premium', DSG: 'data' };
  for (const contract of CONTRACTS) {
    const spent = oobSince.get(contract.id, cycleStartMs(now, contract.startDay)) ?? { total: 0, premium: 0, data: 0 };
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
        spent[spentOf[safeguard.type]],
      );
    }
  }
};
