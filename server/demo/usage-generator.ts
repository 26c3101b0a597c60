import { billedUnits, classify } from '#contract/rating';
import { DAY_MS, MB, cycleStartMs, nextCycleStartMs } from './data/calendar.ts';
import { USAGE_CYCLES, type UsagePlan } from './data/usage.ts';
import type { Prng } from './prng.ts';

/*
 * Turns a usage plan (demo/usage.ts) into usage records for the last USAGE_CYCLES bill cycles. Pure apart from
 * the random streams it is given: the same streams, `now` and plan give the same rows. Rows come out per cycle in
 * chronological order, so auto-increment ids sort like event times ("id DESC" pagination is newest first).
 *
 * The records are what the network reports, as the rating model (contract/rating.ts) reads them: `is_oob` is set on
 * what is outside every bundle by its nature (calls and texts abroad, premium services, roaming outside the EU) and
 * `resource_impact` is the price a premium service set; everything else is rated by the rating model from the totals.
 * Draws from the shared stream keep their number and order (every value after them depends on it): new draws come
 * from `extra`, a stream of their own.
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
  /** Roaming: the country it was used in (set once the cycle's rows are made, from no draw). */
  country?: string | null,
];

/** Where the demo's lines roam, by day: the EU's roaming area, and the rest of the world. */
const euTrips = ['FR', 'NL', 'DE', 'ES', 'IT'] as const;
const worldTrips = ['US', 'MA', 'TR'] as const;

/** The country of a roaming record without one: by its day, in the EU or outside it as the network flagged it. */
const roamingCountry = (row: UsageRow): string => {
  const day = Math.floor(row[9] / DAY_MS);
  const list = row[3] === 1 ? worldTrips : euTrips;
  return list[day % list.length] ?? 'FR';
};

/** The network's out-of-zone flag of a record: set on what is outside every bundle by its nature. */
const outsideFlag = (row: UsageRow): 0 | 1 => {
  const rated = classify({ kind: row[1], incoming: row[7] === 1, destination: row[8], outsideZone: row[3] === 1 });
  return rated === 'international' || rated === 'world' || rated === 'premium' ? 1 : 0;
};

/**
 * The part of a cycle in which a line used something: all of a past cycle; of the current one, the time elapsed until
 * `now`, or until the line was blocked. A blocked line uses nothing (docs/product/consumption.md "Demo data").
 * `fraction` is that part's share of the whole cycle: the current cycle holds that share of a cycle's usage, at the
 * plan's pace, so that a forecast on its first day is as plausible as on its last.
 */
export const usageWindow = (
  now: Date,
  plan: Pick<UsagePlan, 'startDay' | 'blockedDaysAgo'>,
  back: number,
): { from: number; to: number; fraction: number } => {
  const nowMs = now.getTime();
  const from = cycleStartMs(now, plan.startDay, back);
  const end = back === 0 ? nextCycleStartMs(now, plan.startDay) : cycleStartMs(now, plan.startDay, back - 1);
  const blockedAt = plan.blockedDaysAgo === undefined ? Infinity : nowMs - plan.blockedDaysAgo * DAY_MS;
  // Past cycles end the millisecond before the next start; the current one at now.
  const to = Math.min(back === 0 ? nowMs : end - 1, blockedAt);
  return { from, to, fraction: Math.max(0, Math.min(1, (to - from) / (end - from))) };
};

export function generateUsage(rng: Prng, now: Date, plan: UsagePlan, insert: (row: UsageRow) => void, extra: Prng = rng): void {
  for (let back = USAGE_CYCLES - 1; back >= 0; back--) {
    const { from, to, fraction } = usageWindow(now, plan, back);
    // Nothing before the line's first day of use, nor after it was blocked.
    if (to <= from) continue;
    /** A cycle's number of events, for the part of the cycle the window covers. */
    const events = (perCycle: number): number => Math.round(perCycle * fraction);
    const at = (): number => from + Math.floor(rng.next() * (to - from + 1));
    const rows: UsageRow[] = [];
    const id = plan.contractId;

    // Data volumes: random weights scaled so the cycle total hits its share exactly (the last record takes the rest).
    // The current cycle's share is its pace over a whole cycle, times the part elapsed.
    const share = back === 0 ? plan.currentShare : plan.pastShare[0] + rng.next() * (plan.pastShare[1] - plan.pastShare[0]);
    const totalBytes = Math.floor(plan.dataBasisBytes * share * fraction);
    const weights = Array.from({ length: events(plan.perCycle.data) }, () => 0.2 + rng.next());
    const weightSum = weights.reduce((a, b) => a + b, 0);
    let allotted = 0;
    weights.forEach((weight, i) => {
      const bytes = i === weights.length - 1 ? totalBytes - allotted : Math.floor((totalBytes * weight) / weightSum);
      allotted += bytes;
      rows.push([id, 'data', 1, 0, 0, bytes, 'B', 0, rng.chance(plan.roamingShare) ? 'roaming' : 'national', at()]);
    });

    const [shortest, longest] = plan.callSeconds ?? [8, 900];
    for (let i = 0; i < events(plan.perCycle.call); i++) {
      const incoming = rng.chance(0.4) ? 1 : 0;
      // A line whose plan calls nobody abroad (oob.call 0) never goes out of bundle: its rare international call is national.
      const roaming = rng.chance(plan.roamingShare);
      const abroad = !roaming && rng.chance(0.05) && plan.oob.call > 0;
      const destination = roaming ? 'roaming' : abroad ? 'international' : 'national';
      // One draw whatever the range (the stream stays in step), scaled into the plan's range of call lengths.
      // Integer arithmetic: with the default range a draw gives the same length it always gave.
      const seconds = shortest + Math.floor(((rng.int(8, 900) - 8) * (longest - shortest + 1)) / 893);
      rows.push([id, 'call', 1, 0, 0, seconds, 's', incoming, destination, at()]);
    }
    for (let i = 0; i < events(plan.perCycle.sms); i++) {
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

    // Outside every bundle: calls abroad, premium texts (at their provider's price), data roaming outside the EU.
    const oob: UsageRow[] = [];
    for (let i = 0; i < events(plan.oob.call); i++) oob.push([id, 'call', 1, 1, 0, rng.int(60, 900), 's', 0, 'international', at()]);
    const premium: UsageRow[] = [];
    // The forced scenario's premium texts carry its charges: at least one once the cycle has begun.
    const premiumTexts = back === 0 && plan.currentOobCents !== undefined ? Math.max(1, events(plan.oob.sms)) : events(plan.oob.sms);
    for (let i = 0; i < premiumTexts; i++) premium.push([id, 'sms', 1, 1, rng.pick([150, 200, 300]), 1, 'sms', 0, 'premium', at()]);
    for (let i = 0; i < events(plan.oob.data); i++) {
      const bytes = rng.int(1, 20) * MB;
      oob.push([id, 'data', 1, 1, 0, bytes, 'B', 0, 'roaming', at()]);
    }
    const calls = plan.extraCallsAbroad;
    if (calls) {
      const extraAt = (): number => from + Math.floor(extra.next() * (to - from + 1));
      for (let i = 0; i < events(calls.perCycle); i++)
        oob.push([id, 'call', 1, 1, 0, extra.int(calls.seconds[0], calls.seconds[1]), 's', 0, 'international', extraAt()]);
    }
    const trip = back === 1 ? plan.tripLastCycle : undefined;
    if (trip) {
      // Outside the EU: the network flags every record out of zone (is_oob), calls and texts included.
      const week = (i: number, of: number): number => from + 7 * DAY_MS + Math.floor(((i + 0.5) * 7 * DAY_MS) / of);
      trip.dataMb.forEach((size, i) =>
        oob.push([id, 'data', 1, 1, 0, size * MB, 'B', 0, 'roaming', week(i, trip.dataMb.length), trip.country]),
      );
      trip.callSeconds.forEach((seconds, i) =>
        oob.push([id, 'call', 1, 1, 0, seconds, 's', 0, 'roaming', week(i, trip.callSeconds.length) + 3_600_000, trip.country]),
      );
    }
    const premiumCalls = back === 1 ? (plan.premiumCallsLastCycle ?? []) : [];
    premiumCalls.forEach((price, i) =>
      premium.push([id, 'call', 1, 1, price, 180, 's', 0, 'premium', from + (10 + i) * DAY_MS + 12 * 3_600_000]),
    );
    for (const row of rows) row[3] = outsideFlag(row);
    const abroad = [...rows, ...oob].reduce(
      (sum, row) => (row[1] === 'call' && row[7] === 0 && row[8] === 'international' ? sum + row[5] : sum),
      0,
    );
    const forced = plan.currentOobCents === undefined ? 0 : Math.round(plan.currentOobCents * Math.min(1, fraction / plan.reachedAt));
    const target = forced - billedUnits('call', abroad) * (plan.callRateCents ?? 0);
    // Below what the calls abroad already cost (early in the cycle), the premium texts keep their providers' prices.
    if (back === 0 && plan.currentOobCents !== undefined && premium.length > 0 && target >= premium.length) {
      // The forced scenario: the premium prices make the cycle's charges exactly the target, with the calls abroad
      // billed as the rating bills them (per started minute of their total, at the plan's rate).
      const sum = premium.reduce((total, row) => total + row[4], 0);
      let given = 0;
      premium.forEach((row, i) => {
        row[4] = i === premium.length - 1 ? target - given : Math.max(1, Math.floor((row[4] * target) / sum));
        given += row[4];
      });
    }
    rows.push(...oob, ...premium);
    for (const row of rows) if (row[8] === 'roaming' && !row[10]) row[10] = roamingCountry(row);

    // Chronological ids per contract, so "id DESC" pagination is also newest first.
    rows.sort((a, b) => a[9] - b[9]);
    for (const row of rows) insert(row);
  }
}
