import { describe, expect, it } from 'vitest';
import { bundleOf, emptyUsageTotals, rateUsage, type OobRates, type UsageTotals } from '#contract/rating';
import { billedOutOfBundle } from '#features/consumption/data/out-of-bundle.ts';

/*
 * Issue 43 point 12: the totals' "out of bundle" says what the invoice counts, rounded up per started minute and MB as
 * the rating bills it, and nothing for use an option covers ("Out of bundle 12 mins, € 0,00" before).
 */

const rates: OobRates = { dataPerMb: 1, callPerMinute: 15, sms: 10 };
const base = { dataMb: 5120, voiceMinutes: 150, smsCount: 0 };
const international60 = { dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international' as const, count: 1 };

const totals = (fill: (t: UsageTotals) => void): UsageTotals => {
  const t = emptyUsageTotals();
  fill(t);
  return t;
};

describe('billedOutOfBundle', () => {
  it.each([
    [
      '17 min 20 s beyond the national bundle: 18 minutes, as billed',
      [],
      (t: UsageTotals): void => void (t.domestic.call.used = 150 * 60 + 17 * 60 + 20),
      'call',
      18,
    ],
    [
      '12 international minutes covered by International 60: none',
      [international60],
      (t: UsageTotals): void => void (t.international.call.used = 12 * 60),
      'call',
      0,
    ],
    [
      '12 international minutes without the option: 12 (no allowance)',
      [],
      (t: UsageTotals): void => void (t.international.call.used = 12 * 60),
      'call',
      12,
    ],
    ['1 byte beyond the data: 1 MB', [], (t: UsageTotals): void => void (t.domestic.data.used = 5120 * 1024 * 1024 + 1), 'data', 1],
    ['within the bundle: none', [], (t: UsageTotals): void => void (t.domestic.call.used = 60), 'call', 0],
  ] as const)('%s', (_name, options, fill, kind, expected) => {
    const rating = rateUsage(totals(fill), bundleOf(base, options), rates);
    expect(billedOutOfBundle(rating, kind).count).toBe(expected);
  });
});
