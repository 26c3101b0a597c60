import { z } from 'zod';
import { languages } from './language.ts';

/**
 * The app's languages (docs/product/settings.md "Language"), listed in language.ts so that the start of the app needs
 * no zod.
 */
export { type Language } from './language.ts';
export const languageSchema = z.enum(languages);

/** Translations per language, as the server sends product and promotion texts. */
export const translatedSchema = z.object({ fr: z.string(), nl: z.string(), en: z.string() });
export type Translated = z.infer<typeof translatedSchema>;

/**
 * Money travels in cents (docs/product/consumption.md "How figures are written") and is divided by 100 for display
 * only.
 */
export const centsSchema = z.number().int();

export const isoDateSchema = z.iso.date();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Numeric ids arrive in paths as strings. */
export const idParamSchema = z.coerce.number().int().positive();

/**
 * docs/product/api.md "Paging": paging query params and the snake_case pagination answer. Every paging number is
 * bounded, so that page × batch size stays far inside SQLite's integers (an unbounded page once overflowed them: a
 * 500).
 */
export const defaultPageSize = 25;
export const maxPage = 1_000_000;
export const maxPageSize = 5000;
export const pagingQuerySchema = z.object({
  'megalist-page': z.coerce.number().int().min(1).max(maxPage).default(1),
  'megalist-batchSize': z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  'megalist-sort': z.string().max(40).optional(),
  'megalist-sortOrder': z.enum(['asc', 'desc']).default('desc'),
});

export const paginationSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const pagedSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema });

/** One field at fault in a 400/422 answer; `message` is a translation key of the `validation` namespace. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Every error answer of the reference API. `code` is a key of the `errors` namespace (docs/product/errors.md
 * "Error catalogue").
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  retryAfter: z.number().int().optional(),
  /** The order a refusal is about (orderPlanChangePending: the plan change already waiting). */
  orderId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ success: z.boolean() });
