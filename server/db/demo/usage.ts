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
  /** Exact share of dataBasisBytes used in the current cycle. */
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
} & (
  | { currentOobCents?: undefined }
  | {
      /** Forces the exact out-of-bundle charges of the current cycle (overspent scenario) through the premium prices. */
      currentOobCents: number;
      /** The plan's rate per started minute, cents: the calls abroad cost that much. */
      callRateCents: number;
    }
);

const mb = (productId: number): number => dataMbOf(productId) * MB;

export const USAGE_PLANS: UsagePlan[] = [
  // Sophie: exactly 82 % of her 20 GB in the current cycle, a few international calls and premium SMS.
  {
    contractId: K.sophieMain,
    startDay: 5,
    dataBasisBytes: mb(P.mobileM),
    currentShare: 0.82,
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
  // Marc: calls abroad a lot and over his 50 € out-of-subscription limit (5230 cents against 5000); his national calls
  // stay well inside his 150 minutes (incoming calls never count).
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
    currentOobCents: 5230,
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
  {
    contractId: K.emmaFraud,
    startDay: 1,
    dataBasisBytes: mb(P.pro30),
    currentShare: 0.05,
    pastShare: [0.1, 0.3],
    perCycle: { data: 10, call: 10, sms: 5 },
    roamingShare: 0,
    oob: { call: 1, sms: 1, data: 0 },
  },
  // Yasmine: the volume test, ~34k records a cycle, including roaming data and calls; her 9,000 calls a cycle last 8 s
  // to 2 min (about 160 hours a month: a figure that can be true, unlike 9,000 calls of up to 15 minutes).
  {
    contractId: K.yasmine,
    startDay: 1,
    dataBasisBytes: mb(P.mobileL) + mb(P.roamingWorld1Gb),
    currentShare: 0.35,
    pastShare: [0.4, 0.9],
    perCycle: { data: 18_000, call: 9_000, sms: 7_000 },
    callSeconds: [8, 120],
    roamingShare: 0.15,
    oob: { call: 2, sms: 1, data: 2 },
  },
];
