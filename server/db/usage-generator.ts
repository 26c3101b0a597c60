import { MB, cycleStartMs } from './demo/calendar.ts';
import { USAGE_CYCLES, type UsagePlan } from './demo/usage.ts';
import type { Prng } from './prng.ts';

/*
 * Turns a usage plan (demo/usage.ts) into usage records for the last USAGE_CYCLES bill cycles. Pure apart from
 * the random stream it is given: the same stream, `now` and plan give the same rows. Rows come out per cycle in
 * chronological order, so auto-increment ids sort like event times ("id DESC" pagination is newest first).
 */

export type UsageRow = [
  contractId: number,
  serviceCat: 'call' | 'data' | 'sms',
  messages: number,
  isOob: 0 | 1,
  impact: number,
  used: number,
  unit: 'B' | 's' | 'sms',
  incoming: 0 | 1,
  destination: 'national' | 'international' | 'roaming' | 'premium',
  eventTime: number,
];

export function generateUsage(rng: Prng, now: Date, plan: UsagePlan, insert: (row: UsageRow) => void): void {
  const nowMs = now.getTime();
  for (let back = USAGE_CYCLES - 1; back >= 0; back--) {
    const from = cycleStartMs(now, plan.startDay, back);
    // The current cycle only has records up to now; past cycles end the millisecond before the next start.
    const to = back === 0 ? nowMs : cycleStartMs(now, plan.startDay, back - 1) - 1;
    const at = (): number => from + Math.floor(rng.next() * (to - from + 1));
    const rows: UsageRow[] = [];
    const id = plan.contractId;

    // Data volumes: random weights scaled so the cycle total hits its share exactly (the last record takes the rest).
    const share = back === 0 ? plan.currentShare : plan.pastShare[0] + rng.next() * (plan.pastShare[1] - plan.pastShare[0]);
    const totalBytes = Math.floor(plan.dataBasisBytes * share);
    const weights = Array.from({ length: plan.perCycle.data }, () => 0.2 + rng.next());
    const weightSum = weights.reduce((a, b) => a + b, 0);
    let allotted = 0;
    weights.forEach((weight, i) => {
      const bytes = i === weights.length - 1 ? totalBytes - allotted : Math.floor((totalBytes * weight) / weightSum);
      allotted += bytes;
      rows.push([id, 'data', 1, 0, 0, bytes, 'B', 0, rng.chance(plan.roamingShare) ? 'roaming' : 'national', at()]);
    });

    for (let i = 0; i < plan.perCycle.call; i++) {
      const incoming = rng.chance(0.4) ? 1 : 0;
      const destination = rng.chance(plan.roamingShare) ? 'roaming' : rng.chance(0.05) ? 'international' : 'national';
      rows.push([id, 'call', 1, 0, 0, rng.int(8, 900), 's', incoming, destination, at()]);
    }
    for (let i = 0; i < plan.perCycle.sms; i++) {
      const incoming = rng.chance(0.35) ? 1 : 0;
      rows.push([
        id,
        'sms',
        rng.chance(0.1) ? 2 : 1,
        0,
        0,
        1,
        'sms',
        incoming,
        rng.chance(plan.roamingShare) ? 'roaming' : 'national',
        at(),
      ]);
    }

    // Out-of-bundle costs in cents; in the forced scenario they are rescaled to the exact target afterwards.
    const oob: UsageRow[] = [];
    for (let i = 0; i < plan.oob.call; i++) {
      const seconds = rng.int(60, 900);
      oob.push([id, 'call', 1, 1, Math.ceil(seconds / 60) * 49, seconds, 's', 0, 'international', at()]);
    }
    for (let i = 0; i < plan.oob.sms; i++) oob.push([id, 'sms', 1, 1, rng.pick([150, 200, 300]), 1, 'sms', 0, 'premium', at()]);
    for (let i = 0; i < plan.oob.data; i++) {
      const bytes = rng.int(1, 20) * MB;
      oob.push([id, 'data', 1, 1, Math.round((bytes / MB) * 25), bytes, 'B', 0, 'roaming', at()]);
    }
    if (back === 0 && plan.currentOobCents !== undefined && oob.length > 0) {
      const target = plan.currentOobCents;
      const sum = oob.reduce((total, row) => total + row[4], 0);
      let given = 0;
      oob.forEach((row, i) => {
        row[4] = i === oob.length - 1 ? target - given : Math.max(1, Math.floor((row[4] * target) / sum));
        given += row[4];
      });
    }
    rows.push(...oob);

    // Chronological ids per contract, so "id DESC" pagination is also newest first.
    rows.sort((a, b) => a[9] - b[9]);
    for (const row of rows) insert(row);
  }
}
