import type { UsageTotals } from '#contract/rating';

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
