import { z } from 'zod';
import { languageSchema } from './common.ts';
import { attachmentSchema, contactMessageSchema } from './validators.ts';

/** Contact form subjects and their sub-subjects (docs/product/support.md "Contact form"). */
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
export type SupportSubSubject = (typeof supportSubjects)[SupportSubject][number];
const subjectKeys = Object.keys(supportSubjects) as [SupportSubject, ...SupportSubject[]];
export const supportSubjectList: readonly SupportSubject[] = subjectKeys;

/** The sub-subjects of a subject; none for an unknown one (the form then asks for the subject first). */
export const subSubjectsOf = (subject: string): readonly SupportSubSubject[] =>
  Object.hasOwn(supportSubjects, subject) ? supportSubjects[subject as SupportSubject] : [];

/**
 * Whether a sub-subject belongs to a subject (docs/product/support.md "Contact form": each subject has its own
 * sub-subjects).
 */
export const isSubSubjectOf = (subject: string, subSubject: string): boolean =>
  (subSubjectsOf(subject) as readonly string[]).includes(subSubject);

/**
 * A file in a multipart body (contract/endpoints.ts `multipart`): its name, declared media type and size, checked by
 * the same rules in the form and on the server (docs/product/validation.md "Contact form": PDF, PNG, JPG or JPEG up
 * to 2 MB), and its bytes — a Blob in the app (stored in IndexedDB while the message waits offline), a Buffer on the
 * server. The server also checks the bytes themselves: a declared type proves nothing.
 */
export const uploadedFileSchema = attachmentSchema.extend({
  data: z.custom<Blob | Uint8Array>((value) => value instanceof Blob || value instanceof Uint8Array, 'validation:attachment.type'),
});

const ticketFields = {
  subject: z.enum(subjectKeys, { error: 'validation:required' }),
  subSubject: z.string({ error: 'validation:required' }).min(1, 'validation:required'),
  message: contactMessageSchema,
};
const subSubjectBelongs = (v: { subject: string; subSubject: string }): boolean => isSubSubjectOf(v.subject, v.subSubject);
const subSubjectIssue = { path: ['subSubject'], message: 'validation:required' };

/**
 * The contact form's text fields (docs/product/validation.md "Contact form": subject and sub-subject required, the
 * message's rules).
 */
export const supportTicketFormSchema = z.object(ticketFields).refine(subSubjectBelongs, subSubjectIssue);

/** POST /support/ticket: the contact form with its optional attachment (a multipart body). */
export const supportTicketSchema = z
  .object({ ...ticketFields, attachment: uploadedFileSchema.optional() })
  .refine(subSubjectBelongs, subSubjectIssue);

/** The ticket as created: the reference the customer sees (and finds in the acknowledgement e-mail). */
export const supportTicketAnswerSchema = z.object({ reference: z.string(), createdAt: z.string() });

/** Where a message stands at customer service: received, being handled, answered (by e-mail), closed. */
export const ticketStatuses = ['received', 'inProgress', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** One message the user wrote, as the server keeps it (GET /support/tickets). */
export const supportTicketListItemSchema = z.object({
  reference: z.string(),
  subject: z.enum(subjectKeys),
  subSubject: z.string(),
  message: z.string(),
  attachmentName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(ticketStatuses),
  updatedAt: z.string().nullable(),
});
export type SupportTicketListItem = z.infer<typeof supportTicketListItemSchema>;

/** GET /support/tickets: the messages the logged-in user wrote, from any device, newest first. */
export const supportTicketListSchema = z.object({ tickets: z.array(supportTicketListItemSchema) });

/** The FAQ's topics, in display order: the help page groups its questions by these. */
export const faqTopics = ['usage', 'billing', 'abroad', 'sim', 'account', 'offers'] as const;
export type FaqTopic = (typeof faqTopics)[number];

/**
 * One question of the FAQ in one language. `slug` names the question in every language, so that a deep link to an
 * answer (`/support/main#<slug>`) opens the same answer whatever the reader's language.
 */
export const faqEntrySchema = z.object({
  id: z.number().int(),
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/),
  topic: z.enum(faqTopics),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;
export const faqQuerySchema = z.object({ lang: languageSchema.default('fr') });
export const faqResponseSchema = z.object({ faq: z.array(faqEntrySchema) });
