import { z } from 'zod';
import { pagedSchema } from './common.ts';
import { allowanceZones, chargeUnits, usageDestinations, usageKinds } from './rating.ts';

export const usageTypes = ['DATA', 'CALL', 'SMS'] as const;
export const usageTypeSchema = z.enum(usageTypes);
export type UsageType = z.infer<typeof usageTypeSchema>;

/** Usage summary per type (docs/product/consumption.md "Balances"): balance 0 means unlimited. */
export const usageBalanceSchema = z.object({
  type: usageTypeSchema,
  value: z.number().min(0),
  unit: z.string(),
  balanceValue: z.number().min(0),
  balanceUnit: z.string(),
  overspentValue: z.number().min(0),
  overspentUnit: z.string(),
});
export type UsageBalance = z.infer<typeof usageBalanceSchema>;

export const serviceCategories = ['call', 'data', 'sms'] as const;
export const destinations = usageDestinations;

/** A usage record (docs/product/consumption.md "Usage details"), snake_case as the server sends it. */
export const usageRecordSchema = z.object({
  id: z.string(),
  service_cat: z.enum(serviceCategories),
  messages: z.number().int().min(0),
  is_oob: z.boolean(),
  resource_impact: z.number().int(),
  resource_unit: z.string(),
  service_used: z.number().min(0),
  service_unit: z.string(),
  incoming: z.boolean(),
  destination: z.enum(destinations),
  event_time: z.string(),
  /** Roaming: the country it was used in (ISO 3166-1 alpha-2), as the network reports it; absent elsewhere. */
  country: z.string().length(2).optional(),
});
export type UsageRecordDto = z.infer<typeof usageRecordSchema>;

/** The safeguard (docs/product/settings.md "Out-of-bundle limits and alerts"); amounts in cents. */
export const safeguardTypes = ['OSG', 'PSG', 'DSG'] as const;
export const safeguardSchema = z.object({
  type: z.enum(safeguardTypes),
  overSpent: z.object({ credit: z.number().int() }),
  current: z.number().int(),
  next: z.number().int().nullable(),
  alert: z.number().int().nullable(),
  default: z.number().int(),
  max: z.number().int(),
});
export type Safeguard = z.infer<typeof safeguardSchema>;

export const overspentSchema = z.object({
  credit: z.number().int(),
  premium: z.number().int(),
  national: z.number().int(),
  international: z.number().int(),
});

/** One out-of-bundle charge of a cycle (contract/rating.ts `ChargeLine`): quantity × unit price, premium at its price. */
export const chargeLineSchema = z.discriminatedUnion('unit', [
  z.object({
    zone: z.enum(allowanceZones),
    kind: z.enum(usageKinds),
    quantity: z.number().int().min(0),
    unit: z.enum([chargeUnits.data, chargeUnits.call, chargeUnits.sms]),
    unitCents: z.number().int().min(0),
    cents: z.number().int().min(0),
  }),
  z.object({
    zone: z.literal('premium'),
    kind: z.enum(usageKinds),
    quantity: z.number().int().min(0),
    unit: z.literal('item'),
    unitCents: z.null(),
    cents: z.number().int().min(0),
  }),
]);

const allowanceSchema = z.object({
  data: z.number().min(0).nullable(),
  call: z.number().min(0).nullable(),
  sms: z.number().min(0).nullable(),
});

/** What the cycle was rated with (contract/rating.ts `Bundle` and `OobRates`): the app rates its own totals with it. */
export const ratingPlanSchema = z.object({
  bundle: z.object({ domestic: allowanceSchema, international: allowanceSchema, world: allowanceSchema }),
  rates: z.object({ dataPerMb: z.number().int().min(0), callPerMinute: z.number().int().min(0), sms: z.number().int().min(0) }),
});

/**
 * GET usage summary: balances, cdrUsage, cdrOverspent, safeguard (docs/product/consumption.md "Balances",
 * "Out-of-bundle costs"), rated by contract/rating.ts; plus the cycle's charge lines (what its invoice bills), the
 * incoming use, which is free and never counts, and the plan the cycle was rated with.
 */
export const usageSummarySchema = z.object({
  period: z.object({ start: z.string(), end: z.string() }),
  balances: z.array(usageBalanceSchema),
  cdrUsage: z.array(usageRecordSchema),
  cdrOverspent: overspentSchema,
  charges: z.array(chargeLineSchema),
  free: z.object({ data: z.number().min(0), call: z.number().min(0), sms: z.number().min(0) }),
  plan: ratingPlanSchema,
  safeguard: z.array(safeguardSchema),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

export const usageHistoryQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  type: z.enum(serviceCategories).optional(),
});
export const usageHistoryResponseSchema = pagedSchema(usageRecordSchema);

/** Sums of records of one rating class and kind (contract/rating.ts `UsageAmount`). */
const usageAmountSchema = z.object({ used: z.number().min(0), count: z.number().int().min(0), priceCents: z.number().int() });
const amountsPerKindSchema = z.object({ data: usageAmountSchema, call: usageAmountSchema, sms: usageAmountSchema });

/** A range's usage summed by what the rating tells apart (contract/rating.ts `UsageTotals`). */
export const usageTotalsSchema = z.object({
  free: amountsPerKindSchema,
  domestic: amountsPerKindSchema,
  international: amountsPerKindSchema,
  world: amountsPerKindSchema,
  premium: amountsPerKindSchema,
});

/**
 * How many completed bill cycles GET …/usage/cycles answers: the plan advisor judges on at most 6
 * (workers/plan-fit.ts MAX_CYCLES) and the average use is taken over the last 6 (docs/product/consumption.md
 * "Average use").
 */
export const usageCyclesCount = 6;

/**
 * GET …/usage/cycles: the totals of each of the last completed bill cycles of a line (oldest first, calendar dates of
 * the service, inclusive), summed by the rating model, and how many records each holds. What the plan advisor and the
 * tariff comparison need, without downloading the records (issue 41 point 7).
 */
export const usageCyclesSchema = z.object({
  cycles: z.array(
    z.object({
      start: z.iso.date(),
      end: z.iso.date(),
      records: z.number().int().min(0),
      totals: usageTotalsSchema,
    }),
  ),
});
export type UsageCycles = z.infer<typeof usageCyclesSchema>;
