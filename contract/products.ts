import { z } from 'zod';
import { centsSchema, translatedSchema } from './common.ts';
import { allowanceZones } from './rating.ts';

/**
 * Volume of a product or option: 0 means unlimited (docs/product/consumption.md "Bundle sizes"). Data limits are in
 * MB (factor 1024).
 */
export const volumeSchema = z.object({ limit_amount: z.number().min(0), unit: z.string() });

/**
 * What use beyond the bundle costs on a base product, in cents: per started MB of data, per started minute of
 * calls, per SMS. The plan comparison prices a customer's usage with them.
 */
export const oobRatesSchema = z.object({ data_per_mb: centsSchema.min(0), call_per_minute: centsSchema.min(0), sms: centsSchema.min(0) });

export const productSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  name: z.string(),
  type: z.enum(['BASE', 'OPTION']),
  descriptions: translatedSchema,
  technical_descriptions: translatedSchema,
  pricing: z.object({ price: centsSchema }),
  for_residential: z.boolean(),
  for_professional: z.boolean(),
  sortedOptionIds: z.array(z.number().int()),
  data: volumeSchema,
  voice: volumeSchema,
  sms: volumeSchema,
  oob_rates: oobRatesSchema,
  lastUpdate: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const optionSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  name: z.string(),
  max_combinations: z.number().int().min(1),
  price: centsSchema,
  /** What one combination adds: data (MB), call minutes, texts; in its zone (contract/rating.ts). */
  data: volumeSchema,
  voice: volumeSchema,
  sms: volumeSchema,
  zone: z.enum(allowanceZones),
  descriptions: translatedSchema,
  /** Current active count: a boolean, or a number for data options that can be combined. */
  active: z.union([z.boolean(), z.number().int().min(0)]),
});
export type Option = z.infer<typeof optionSchema>;

export const contractProductsResponseSchema = z.object({
  products: z.array(productSchema),
  options: z.array(optionSchema),
});
export type ContractProducts = z.infer<typeof contractProductsResponseSchema>;

export const contractProductsQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'validation:ids')
    .optional(),
});

/** A promotion: of a product (anyone taking it gets it) or granted to one contract. `discount_amount` is whole percent or cents. */
export const promotionSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  contract_id: z.number().int().nullable(),
  discount_type: z.enum(['percentage', 'amount']),
  discount_amount: z.number(),
  descriptions: translatedSchema,
});
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * GET /promotions/by-contract: per contract id, the promotions it gets now (its own and those of its base product)
 * and their totals: `percentage` the sum of the percentages (20 = 20 %), `amount` the sum of the amounts in cents.
 */
export const promotionTotalsSchema = z.object({ percentage: z.number(), amount: z.number() });
export const promotionsByContractResponseSchema = z.object({
  promotions: z.record(z.string(), z.array(promotionSchema)),
  totals: z.record(z.string(), promotionTotalsSchema),
});
export const promotionsByContractQuerySchema = z.object({ contracts: z.string().regex(/^\d+(,\d+){0,49}$/, 'validation:ids') });
