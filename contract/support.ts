import { z } from 'zod';
import { languageSchema } from './common.ts';
import { contactMessageSchema } from './validators.ts';

/** Contact form subjects and their sub-subjects (SPEC §3). */
export const supportSubjects = {
  become: ['become_sub', 'become_port', 'become_offer'],
  subscription: ['subscription_change', 'subscription_options', 'subscription_roaming'],
  contract: ['contract_activate', 'contract_terminate', 'contract_sim'],
  usage: ['usage_data', 'usage_oob', 'usage_roaming'],
  billing: ['billing_invoice', 'billing_payment', 'billing_dunning'],
  myMega: ['myMega_login', 'myMega_app'],
  other: ['other_other'],
} as const;
export type SupportSubject = keyof typeof supportSubjects;
const subjectKeys = Object.keys(supportSubjects) as [SupportSubject, ...SupportSubject[]];

export const supportTicketSchema = z
  .object({
    subject: z.enum(subjectKeys, { error: 'validation:required' }),
    subSubject: z.string().min(1, 'validation:required'),
    message: contactMessageSchema,
  })
  .refine((v) => (supportSubjects[v.subject] as readonly string[]).includes(v.subSubject), {
    path: ['subSubject'],
    message: 'validation:required',
  });

export const faqEntrySchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), position: z.number().int() });
export const faqQuerySchema = z.object({ lang: languageSchema.default('fr') });
export const faqResponseSchema = z.object({ faq: z.array(faqEntrySchema) });
