import type { SafeguardType } from '#contract/line-settings';
import type { UsageType } from '#contract/usage';

/*
 * Which alerts are due (docs/product/settings.md "Notifications", "Out-of-bundle limits and alerts"): pure, so the
 * thresholds are tested as a table. An event has a key that names it once per bill cycle (`80PC:DATA:2026-05-05`): it
 * is handled the first time it becomes true and never again in that cycle; the next cycle's keys are new, so a new
 * cycle re-arms every alert. An event handled without a message (`notify: false`) is one that a bigger one of the same
 * evaluation replaces: a jump from 70 % to 105 % sends the 100 % alert only, and the 80 % one is not sent later in that
 * cycle.
 */

export type UsageLevel = { type: UsageType; used: number; /** 0 = unlimited: no usage alert. */ bundle: number };

/** Out-of-bundle spending of the cycle, in cents: in all (OSG), on premium services (PSG), on data (DSG). */
export type Spending = Record<SafeguardType, number>;

export type CycleSnapshot = {
  /** First day of the bill cycle (YYYY-MM-DD): part of every key. */
  cycleStart: string;
  usage: readonly UsageLevel[];
  spending: Spending;
  /** The alert threshold of each safeguard (cents); null or 0 = no threshold alert. */
  alertThresholds: Readonly<Partial<Record<SafeguardType, number | null>>>;
};

export type AlertEvent =
  | { key: string; type: '80PC' | '100PC'; notify: boolean; usage: UsageType; percent: number }
  | { key: string; type: 'OOB'; notify: boolean; kind: 'start' }
  | { key: string; type: 'OOB'; notify: boolean; kind: 'threshold'; safeguard: SafeguardType; spentCents: number; thresholdCents: number };

export const USAGE_WARNING_SHARE = 0.8;

const usageEvents = (snapshot: CycleSnapshot, handled: ReadonlySet<string>): AlertEvent[] => {
  const events: AlertEvent[] = [];
  for (const level of snapshot.usage) {
    if (level.bundle <= 0) continue;
    const share = level.used / level.bundle;
    // Whole percent, floored; the epsilon keeps 0.83 from becoming 82 through binary rounding.
    const percent = Math.floor(share * 100 + 1e-9);
    const key80 = `80PC:${level.type}:${snapshot.cycleStart}`;
    const key100 = `100PC:${level.type}:${snapshot.cycleStart}`;
    if (share >= 1) {
      if (!handled.has(key100)) events.push({ key: key100, type: '100PC', notify: true, usage: level.type, percent });
      if (!handled.has(key80)) events.push({ key: key80, type: '80PC', notify: false, usage: level.type, percent });
    } else if (share >= USAGE_WARNING_SHARE && !handled.has(key80)) {
      events.push({ key: key80, type: '80PC', notify: true, usage: level.type, percent });
    }
  }
  return events;
};

const spendingEvents = (snapshot: CycleSnapshot, handled: ReadonlySet<string>): AlertEvent[] => {
  const thresholds: AlertEvent[] = [];
  for (const safeguard of ['OSG', 'PSG', 'DSG'] as const) {
    const threshold = snapshot.alertThresholds[safeguard] ?? 0;
    const spent = snapshot.spending[safeguard];
    const key = `OOB:${safeguard}:${snapshot.cycleStart}`;
    if (threshold > 0 && spent >= threshold && !handled.has(key)) {
      thresholds.push({ key, type: 'OOB', notify: true, kind: 'threshold', safeguard, spentCents: spent, thresholdCents: threshold });
    }
  }
  const startKey = `OOB:START:${snapshot.cycleStart}`;
  if (snapshot.spending.OSG <= 0 || handled.has(startKey)) return thresholds;
  // Out-of-bundle use starting is news only if no threshold alert says more in the same breath.
  return [...thresholds, { key: startKey, type: 'OOB', notify: thresholds.length === 0, kind: 'start' }];
};

/** The events of a contract's current cycle not handled yet, in the order their messages go out. */
export const dueCycleEvents = (snapshot: CycleSnapshot, handled: ReadonlySet<string>): AlertEvent[] => [
  ...usageEvents(snapshot, handled),
  ...spendingEvents(snapshot, handled),
];

/** An invoice issued (docs/product/settings.md "Notifications": the INV alert): once per invoice. */
export const invoiceEventKey = (invoiceUuid: string): string => `INV:${invoiceUuid}`;
