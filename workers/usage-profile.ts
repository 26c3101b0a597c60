import { destinationIndexOf, typeIndexOf } from './usage-rollup.ts';
import type { DayRollup, UsageRecordRow } from './usage-core.ts';

/*
 * A customer's usage profile for a tariff comparison (SPEC §1 "compare tariffs": national minutes, SMS and data
 * volume): what a plan has to cover. Only what the customer pays for at home counts: outgoing national calls and
 * SMS (incoming ones are free; calls abroad or to premium numbers are not what a national tariff prices), and all
 * mobile data. Fed with records or whole-day rollups like the aggregator; pure, offline-safe.
 */

export type UsageProfile = {
  /** Bytes of mobile data, every destination. */
  dataBytes: number;
  /** Seconds of outgoing national calls. */
  nationalCallSeconds: number;
  /** Outgoing national SMS. */
  nationalSms: number;
};

export type ProfileAccumulator = {
  add: (rows: readonly UsageRecordRow[]) => void;
  /** Adds a day's sums when the day lies wholly inside [from, to]; false (nothing added) otherwise. */
  addRollup: (day: DayRollup) => boolean;
  result: () => UsageProfile;
};

const CALL = 0;
const DATA = 1;
const SMS = 2;
const NATIONAL = 0;

/** The profile's share of one combination (rollup layout: ((type × 2 + incoming) × 2 + isOob) × 4 + destination). */
const counts = (type: number, incoming: boolean, destination: number): keyof UsageProfile | null => {
  if (type === DATA) return 'dataBytes';
  if (incoming || destination !== NATIONAL) return null;
  return type === CALL ? 'nationalCallSeconds' : type === SMS ? 'nationalSms' : null;
};

export const createProfileAccumulator = (from: number, to: number): ProfileAccumulator => {
  const sums: UsageProfile = { dataBytes: 0, nationalCallSeconds: 0, nationalSms: 0 };
  return {
    add: (rows) => {
      for (const row of rows) {
        if (!(row.eventTime >= from && row.eventTime <= to)) continue;
        const key = counts(typeIndexOf(row.serviceCat), row.incoming, destinationIndexOf(row.destination));
        if (key) sums[key] += row.serviceUsed;
      }
    },
    addRollup: ({ dayStart, dayEnd, sums: day }) => {
      if (!(dayStart >= from && dayEnd - 1 <= to)) return false;
      for (let combo = 0; combo < 48 && combo * 3 < day.length; combo++) {
        const key = counts(combo >> 4, ((combo >> 3) & 1) === 1, combo & 3);
        if (key) sums[key] += day[combo * 3]!;
      }
      return true;
    },
    result: () => ({ ...sums }),
  };
};
