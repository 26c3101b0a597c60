import type { UsageTotals } from '#contract/rating';
import { averagePerCycle } from './usage-core.ts';

/*
 * What a plan has to cover, from a cycle's usage: the use that counts against a bundle as the rating model counts it
 * (contract/rating.ts: outgoing national and EU-roaming calls, texts and data; never incoming calls and texts, never
 * calls abroad or premium services). The consumption screen's average and the tariff comparison
 * (docs/product/offers.md "Tariff comparison link": national minutes, SMS and data volume) both read it, so they show
 * the same figures. Pure, offline-safe.
 */

export type UsageProfile = {
  /** Bytes of data counted against the bundle. */
  dataBytes: number;
  /** Seconds of outgoing national and EU-roaming calls. */
  nationalCallSeconds: number;
  /** Outgoing national and EU-roaming texts. */
  nationalSms: number;
};

export const profileOf = (usage: UsageTotals): UsageProfile => ({
  dataBytes: usage.domestic.data.used,
  nationalCallSeconds: usage.domestic.call.used,
  nationalSms: usage.domestic.sms.used,
});

/**
 * The average profile of the given cycles' totals (docs/product/consumption.md "Average use": each measure's sum
 * divided by the divisor, 6 by default, not by the number of cycles). The tariff comparison takes it from the server's
 * cycle totals (GET …/usage/cycles), the worker from the records on the device: one rule for both.
 */
export const averageProfile = (perCycle: readonly UsageTotals[], divisor?: number): UsageProfile => {
  const profiles = perCycle.map(profileOf);
  const avg = (key: keyof UsageProfile) =>
    averagePerCycle(
      profiles.map((p) => p[key]),
      divisor,
    );
  return { dataBytes: avg('dataBytes'), nationalCallSeconds: avg('nationalCallSeconds'), nationalSms: avg('nationalSms') };
};
