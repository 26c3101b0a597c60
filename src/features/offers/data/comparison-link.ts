import type { UsageProfile } from '#workers/usage-profile';

/*
 * The tariff comparison link (docs/product/offers.md "Tariff comparison link"): the comparator's address
 * (configuration) with the parameters it takes — operator, language, service, national minutes, SMS and data volume —
 * filled from the customer's average use per bill cycle over the last 6 cycles (docs/product/consumption.md
 * "Average use"), so that the comparator prices the customer's real profile.
 */

/** The comparator's address (VITE_TARIFF_COMPARE_URL; the README's configuration table). */
export const comparatorUrl: string = import.meta.env.VITE_TARIFF_COMPARE_URL ?? 'https://www.bestetarief.be/';

/** How the comparator names this operator, and the service compared. */
export const comparatorOperator = 'mega';
export const comparatorService = 'mobile';

export type ComparisonParams = {
  operator: string;
  lang: string;
  service: string;
  /** Outgoing national minutes per month, rounded up (a started minute is billed). */
  minutes: number;
  /** Outgoing national SMS per month. */
  sms: number;
  /** Mobile data per month, in MB (1 MB = 1024² bytes, docs/product/consumption.md "Bundle sizes"), rounded up. */
  data: number;
};

/** The parameters from an average usage profile (per bill cycle). */
export const comparisonParams = (average: UsageProfile, lang: string): ComparisonParams => ({
  operator: comparatorOperator,
  lang,
  service: comparatorService,
  minutes: Math.ceil(average.nationalCallSeconds / 60),
  sms: Math.round(average.nationalSms),
  data: Math.ceil(average.dataBytes / 1024 ** 2),
});

/**
 * The comparator's address with the parameters in the order of docs/product/offers.md "Tariff comparison link" (an
 * address that has a query keeps it).
 */
export const comparisonUrl = (base: string, params: ComparisonParams): string => {
  const url = new URL(base, 'http://localhost/');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return /^[a-z][a-z0-9+.-]*:/i.test(base) ? url.href : `${url.pathname}${url.search}`;
};
