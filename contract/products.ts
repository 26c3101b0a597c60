import { z } from 'zod';
import { centsSchema, translatedSchema } from './common.ts';

/** Volume of a product or option: 0 means unlimited (SPEC §3). Data limits are in MB (factor 1024). */
export const volumeSchema = z.object({ limit_amount: z.number().min(0), unit: z.string() });

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
  lastUpdate: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const optionSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  name: z.string(),
  max_combinations: z.number().int().min(1),
  price: centsSchema,
  data: volumeSchema,
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

export const promotionSchema = z.object({
  id: z.number().int(),
  discount_type: z.enum(['percentage', 'amount']),
  discount_amount: z.number(),
  descriptions: translatedSchema,
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionsByContractResponseSchema = z.object({
  promotions: z.record(z.string(), z.array(promotionSchema)),
  totals: z.record(z.string(), z.object({ percentage: z.number(), amount: z.number() })),
});
