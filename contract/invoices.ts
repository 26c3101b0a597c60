import { z } from 'zod';
import { centsSchema } from './common.ts';
import { paymentModeSchema } from './customer.ts';

export const invoiceStates = ['IS_PAID', 'TO_PAID', 'DD_PENDING', 'DD_FAILED'] as const;
export const invoiceStateSchema = z.enum(invoiceStates);
export type InvoiceState = z.infer<typeof invoiceStateSchema>;

/** SPEC §7 invoice response fields. */
export const invoiceSchema = z.object({
  uuid: z.string(),
  dates: z.object({ invoice_generated_at: z.string(), due_date: z.string() }),
  total: z.object({ total_incl_vat: centsSchema }),
  structured_communication: z.string(),
  piece: z.string(),
  details: z.object({ payment_mode: paymentModeSchema }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

export const invoiceSituationSchema = z.object({
  openInvoiceTotal: centsSchema,
  firstInvoiceDueDate: z.string().nullable(),
  firstInvoiceIssueDate: z.string().nullable(),
  nextInvoiceDate: z.string().nullable(),
  nextInvoiceDueDate: z.string().nullable(),
  partialPayments: z.record(z.string(), centsSchema),
  payUrgently: z.boolean(),
  hasOpenInvoice: z.boolean(),
  isInDebt: z.boolean(),
});
export type InvoiceSituation = z.infer<typeof invoiceSituationSchema>;
