import { MB } from './calendar.ts';
import { dataMbOf, oobRatesOf } from './catalogue.ts';
import { DEMO_IDS } from './ids.ts';

/*
 * How much each demo line uses: the plans the usage generator (../usage-generator.ts) turns into records for the
 * last USAGE_CYCLES bill cycles. Data only.
 */

const P = DEMO_IDS.products;
const K = DEMO_IDS.contracts;

/** Bill cycles of history, the current one included. */
export const USAGE_CYCLES = 6;

export type UsagePlan = {
  contractId: number;
  startDay: number;
  /** Bytes that the in-bundle data records of a cycle are a share of (the bundle, or a nominal size if unlimited). */
  dataBasisBytes: number;
  /**
   * The current cycle's pace: the share of dataBasisBytes a whole cycle at this pace uses. The current cycle holds the
   * part of it elapsed (../usage-generator.ts `usageWindow`), as every count of events does.
   */
  currentShare: number;
  pastShare: readonly [number, number];
  /** In-bundle records per cycle. */
  perCycle: { data: number; call: number; sms: number };
  roamingShare: number;
  /** Out-of-bundle events per cycle (international calls, premium SMS, data outside the roaming zone). */
  oob: { call: number; sms: number; data: number };
  /** Shortest and longest call, seconds (default 8 s to 15 min). */
  callSeconds?: readonly [number, number];
  /** More calls abroad per cycle, drawn from the usage's own extra stream (the shared stream stays as it was). */
  extraCallsAbroad?: { perCycle: number; seconds: readonly [number, number] };
  /**
   * A trip outside the EU in the last closed cycle (roaming records flagged out of zone, no random draw): data records
   * of `dataMb` each and calls of `callSeconds` each, spread over the cycle's second week.
   */
  tripLastCycle?: { country: string; dataMb: readonly number[]; callSeconds: readonly number[] };
  /** Calls to premium numbers in the last closed cycle, at these prices (cents), no random draw. */
  premiumCallsLastCycle?: readonly number[];
  /** The line was blocked this many days before `now`: it used nothing since (the contracts' demo data says why). */
  blockedDaysAgo?: number;
} & (
  | { currentOobCents?: undefined; callRateCents?: undefined }
  | {
      /**
       * Forces the out-of-bundle charges of the current cycle (overspent scenario) through the premium prices: this
       * many cents once `reachedAt` of the cycle has passed, that share of them before.
       */
      currentOobCents: number;
      /** The share of the cycle (0 to 1) by which the line has spent all of currentOobCents. */
      reachedAt: number;
      /** The plan's rate per started minute, cents: the calls abroad cost that much. */
      callRateCents: number;
    }
);

const mb = (productId: number): number => dataMbOf(productId) * MB;

export const USAGE_PLANS: UsagePlan[] = [
  // Sophie: a heavy user of her 20 GB, at a pace of 126.5 % of it a cycle (82 % used two thirds into her cycle, when
  // the tests' pinned clock reads it), a few international calls and premium SMS.
  {
    contractId: K.sophieMain,
    startDay: 5,
    dataBasisBytes: mb(P.mobileM),
    currentShare: 1.265,
    pastShare: [0.45, 0.95],
    perCycle: { data: 60, call: 30, sms: 20 },
    roamingShare: 0.05,
    oob: { call: 2, sms: 1, data: 0 },
  },
  // Lucas: 30 GB + 2 × 5 GB options.
  {
    contractId: K.lucas,
    startDay: 1,
    dataBasisBytes: mb(P.pro30) + 2 * mb(P.extra5Gb),
    currentShare: 0.4,
    pastShare: [0.3, 0.8],
    perCycle: { data: 40, call: 40, sms: 10 },
    roamingShare: 0.1,
    oob: { call: 0, sms: 0, data: 0 },
  },
  // Marc: calls abroad a lot and over his 50 € out-of-subscription limit (5230 cents against 5000, reached three
  // days into his cycle); his national calls stay well inside his 150 minutes (incoming calls never count). His unpaid
  // invoice (dunning) blocked his line two days ago: nothing since.
  {
    contractId: K.marc,
    startDay: 15,
    dataBasisBytes: mb(P.mobileS),
    currentShare: 0.6,
    pastShare: [0.5, 1],
    perCycle: { data: 30, call: 25, sms: 20 },
    roamingShare: 0,
    oob: { call: 4, sms: 1, data: 0 },
    extraCallsAbroad: { perCycle: 10, seconds: [900, 1500] },
    // Two calls to a premium line last cycle: his last bill explains them beside his calls abroad.
    premiumCallsLastCycle: [250, 350],
    blockedDaysAgo: 2,
    currentOobCents: 5230,
    reachedAt: 0.1,
    callRateCents: oobRatesOf(P.mobileS).callPerMinute,
  },
  // Emma's unlimited line: a nominal 50 GB basis just to size the records.
  {
    contractId: K.emmaOrders,
    startDay: 1,
    dataBasisBytes: 50 * 1024 * MB,
    currentShare: 0.3,
    pastShare: [0.2, 0.6],
    perCycle: { data: 30, call: 30, sms: 10 },
    roamingShare: 0.1,
    oob: { call: 0, sms: 0, data: 0 },
  },
  // Emma's line blocked for fraud 12 days ago (its option order failed on the fraud check 10 days ago).
  {
    contractId: K.emmaFraud,
    blockedDaysAgo: 12,
    startDay: 1,
    dataBasisBytes: mb(P.pro30),
    currentShare: 0.05,
    pastShare: [0.1, 0.3],
    perCycle: { data: 10, call: 10, sms: 5 },
    roamingShare: 0,
    oob: { call: 1, sms: 1, data: 0 },
  },
  // Yasmine: the volume test, 40k records a whole cycle (over 200,000 in her six cycles on any day), roaming data and
  // calls included; her 9,000 calls a cycle last 8 s
  // to 2 min (about 160 hours a month: a figure that can be true, unlike 9,000 calls of up to 15 minutes).
  {
    contractId: K.yasmine,
    startDay: 1,
    dataBasisBytes: mb(P.mobileL) + mb(P.roamingWorld1Gb),
    currentShare: 0.35,
    pastShare: [0.4, 0.9],
    perCycle: { data: 22_000, call: 9_000, sms: 9_000 },
    callSeconds: [8, 120],
    roamingShare: 0.15,
    oob: { call: 2, sms: 1, data: 2 },
    // A week in Switzerland last cycle: 2.1 GB of data against her 1 GB Roaming World option, and calls home.
    tripLastCycle: { country: 'CH', dataMb: [700, 650, 750], callSeconds: [540, 660, 300] },
  },
];
