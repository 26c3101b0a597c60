import { z } from 'zod';
import { languageSchema } from './common.ts';
import { contractSchema } from './contracts.ts';
import {
  bicMatchesIban,
  bicSchema,
  emailSchema,
  euCountries,
  ibanSchema,
  landlineSchema,
  phoneSchema,
  postalCodeValid,
} from './validators.ts';

export const paymentModes = ['DD', 'BT'] as const;
export const paymentModeSchema = z.enum(paymentModes);

/** The contact details (docs/product/settings.md "Contact details"). */
export const contactSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  language: languageSchema,
  civility: z.enum(['mr', 'mrs', 'mx']).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  nationality: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  isEmailConfirmed: z.boolean(),
  residential: z.boolean(),
  company: z
    .object({ name: z.string(), type: z.string().nullable(), number: z.string().nullable(), vat: z.string().nullable() })
    .nullable(),
  lastUpdate: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** The invoicing details (docs/product/invoices.md "Payment details"). */
export const invoicingSchema = z.object({
  id: z.number().int(),
  address: z.object({
    street: z.string(),
    number: z.string(),
    box: z.string().nullable(),
    city: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
  payment: z.object({
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    mode: paymentModeSchema,
    mandateDate: z.string().nullable(),
  }),
  holder: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  lastUpdate: z.string(),
});
export type Invoicing = z.infer<typeof invoicingSchema>;

/** The customer (docs/product/settings.md "Profile details"), the server payload of GET /customer/{id}/full. */
export const customerCoreSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  promo: z.string().nullable(),
  parrain: z.string().nullable(),
  identifiers: z.object({ mobileId: z.string(), energyId: z.string().nullable() }),
  status: z.object({ isComplete: z.boolean(), isConfirmed: z.boolean() }),
  legal: z.object({
    optinMarketing: z.boolean(),
    optinSales: z.boolean(),
    acceptConditions: z.boolean(),
    energyLinkConfirmed: z.boolean(),
  }),
  lastUpdate: z.string(),
});

/**
 * For a plain user (docs/product/roles.md "Plain user") the server leaves out the holder's private data: `invoicing`
 * is null, and the contact's birth date, nationality, e-mail and phone numbers, the customer's identifiers and the
 * line's identity numbers come empty (null, or '' for the customer number).
 */
export const customerFullSchema = z.object({
  customer: customerCoreSchema,
  contracts: z.array(contractSchema),
  contact: contactSchema,
  invoicing: invoicingSchema.nullable(),
});
export type CustomerFull = z.infer<typeof customerFullSchema>;

export const customerFullQuerySchema = z.object({
  withContracts: z.enum(['0', '1']).default('1'),
  withLinkedUser: z.enum(['0', '1']).default('0'),
});

/** PATCH /customer/{id}/contact: the editable part of the contact; lastUpdate is the base the edit was made on. */
export const contactPatchSchema = z.object({
  lastUpdate: z.string().optional(),
  civility: z.enum(['mr', 'mrs', 'mx']).nullable().optional(),
  firstName: z.string().trim().min(1, 'validation:required').max(80, 'validation:name.long').optional(),
  lastName: z.string().trim().min(1, 'validation:required').max(80, 'validation:name.long').optional(),
  phone: z
    .union([landlineSchema, z.literal('')])
    .nullable()
    .optional(),
  mobile: z
    .union([phoneSchema, z.literal('')])
    .nullable()
    .optional(),
  email: emailSchema.optional(),
  language: languageSchema.optional(),
});
export type ContactPatch = z.infer<typeof contactPatchSchema>;

/**
 * The billing address: in an EU country, with a postal code valid for that country (docs/product/validation.md
 * "Addresses").
 */
export const invoicingAddressSchema = z
  .object({
    street: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(120, 'validation:tooLong'),
    number: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(10, 'validation:tooLong'),
    box: z.string().trim().max(10, 'validation:tooLong').nullable(),
    city: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(80, 'validation:tooLong'),
    zipCode: z.string({ error: 'validation:required' }).trim().toUpperCase().min(1, 'validation:required').max(10, 'validation:postalCode'),
    country: z.enum(euCountries, { error: 'validation:country' }),
  })
  .refine((address) => postalCodeValid(address.country, address.zipCode), { path: ['zipCode'], message: 'validation:postalCode' });

/**
 * How the customer pays (docs/product/validation.md "IBAN and BIC"): direct debit needs an IBAN, a BIC of the IBAN's
 * country and the mandate agreement (each change of a direct debit signs the mandate again); bank transfer may keep
 * an account for refunds. The BIC is stored as 8 characters (validators.ts `normalizeBic`).
 */
export const invoicingPaymentSchema = z
  .object({
    mode: paymentModeSchema,
    iban: ibanSchema.optional(),
    bic: bicSchema.optional(),
    agreement: z.boolean().optional(),
  })
  .refine((p) => p.mode !== 'DD' || p.iban !== undefined, { path: ['iban'], message: 'validation:required' })
  .refine((p) => p.mode !== 'DD' || p.bic !== undefined, { path: ['bic'], message: 'validation:required' })
  .refine((p) => p.mode !== 'DD' || p.agreement === true, { path: ['agreement'], message: 'validation:agreement' })
  .refine((p) => p.iban === undefined || p.bic === undefined || bicMatchesIban(p.iban, p.bic), {
    path: ['bic'],
    message: 'validation:bic.match',
  });

/** PATCH /customer/{id}/invoicing: only the parts that change; lastUpdate is the base the edit was made on. */
export const invoicingPatchSchema = z.object({
  lastUpdate: z.string().optional(),
  address: invoicingAddressSchema.optional(),
  payment: invoicingPaymentSchema.optional(),
  holder: z
    .object({
      firstName: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(80, 'validation:tooLong'),
      lastName: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(80, 'validation:tooLong'),
      email: emailSchema,
    })
    .optional(),
});
export type InvoicingPatch = z.infer<typeof invoicingPatchSchema>;

export const privacySettingsSchema = z.object({ sales: z.boolean(), marketing: z.boolean() });
