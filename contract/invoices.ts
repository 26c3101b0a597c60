import { z } from 'zod';
import {
  centsSchema,
  idParamSchema,
  isoDateSchema,
  isoDateTimeSchema,
  paginationSchema,
  pagingQuerySchema,
  translatedSchema,
} from './common.ts';
import type { ExplanationCause, ExplanationChange } from './bill-explanation.ts';
import type { BilledLineKind } from './billing.ts';
import { paymentModeSchema } from './customer.ts';

/**
 * An invoice, or a credit note (money the operator owes the customer: its total is negative, docs/product/invoices.md
 * "Credit notes").
 */
export const documentTypes = ['invoice', 'credit_note'] as const;

/**
 * The invoice response fields (docs/product/invoices.md "What an invoice shows"), plus what the bills screen shows:
 * the paid date of a paid one, the bill cycle it covers, whether it is a credit note, and the cost centre of a
 * professional customer's invoice.
 */
export const invoiceSchema = z.object({
  uuid: z.string(),
  dates: z.object({
    invoice_generated_at: z.string(),
    due_date: z.string(),
    paid_at: z.string().nullable(),
    period_start: isoDateSchema.nullable(),
    period_end: isoDateSchema.nullable(),
  }),
  total: z.object({ total_incl_vat: centsSchema }),
  structured_communication: z.string(),
  piece: z.string(),
  details: z.object({
    payment_mode: paymentModeSchema,
    document_type: z.enum(documentTypes),
    cost_center_id: z.number().int().nullable(),
  }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

/** Professional customers see the invoices of one cost centre (absent: all of them). */
export const invoiceListQuerySchema = z.object({ costCenterId: idParamSchema.optional() });
export const paidInvoicesQuerySchema = pagingQuerySchema.extend(invoiceListQuerySchema.shape);

/** The paid list, one page at a time, with the snake_case pagination of docs/product/api.md "Paging". */
export const paidInvoicePageSchema = invoiceListSchema.extend({ pagination: paginationSchema });
export type PaidInvoicePage = z.infer<typeof paidInvoicePageSchema>;

export const invoiceSituationSchema = z.object({
  openInvoiceTotal: centsSchema,
  /**
   * Of what is owed (−openInvoiceTotal), the part collected by direct debit on its due date: 0 to what is owed
   * (contract/invoice-rules.ts `situationTotals`).
   */
  pendingDebitTotal: centsSchema.nonnegative(),
  firstInvoiceDueDate: z.string().nullable(),
  firstInvoiceIssueDate: z.string().nullable(),
  nextInvoiceDate: z.string().nullable(),
  nextInvoiceDueDate: z.string().nullable(),
  partialPayments: z.record(z.string(), centsSchema),
  payUrgently: z.boolean(),
  hasOpenInvoice: z.boolean(),
  isInDebt: z.boolean(),
  /** The structured communication to pay the open balance with; null when nothing is owed. */
  paymentReference: z.string().nullable(),
  /**
   * Payment online is on (a payment provider is configured, or the demo's stand-in): false hides "Pay now"
   * (docs/product/payments.md "Where the customer pays"). Absent in an answer stored by an older version: on.
   */
  onlinePayment: z.boolean().default(true),
});
export type InvoiceSituation = z.infer<typeof invoiceSituationSchema>;

/**
 * Who is paid: the operator's account for bank transfers and the SEPA creditor identifier of its direct-debit
 * mandates. Server configuration, so that the app never ships a copy of its own.
 */
export const creditorSchema = z.object({
  name: z.string(),
  iban: z.string(),
  bic: z.string(),
  /** SEPA creditor identifier (e.g. BE51ZZZ0876543270), printed on the direct-debit mandate. */
  identifier: z.string(),
});
export type CreditorDto = z.infer<typeof creditorSchema>;

/**
 * A cost centre of a professional customer: its lines are invoiced separately (docs/product/invoices.md
 * "Cost centres").
 */
export const costCenterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contractIds: z.array(z.number().int()),
  lastUpdate: z.string(),
});
export type CostCenter = z.infer<typeof costCenterSchema>;

export const costCenterListSchema = z.object({ costCenters: z.array(costCenterSchema) });

/** PATCH /customer/{id}/cost-center: renames one cost centre; lastUpdate is the version the edit was based on. */
export const costCenterPatchSchema = z.object({
  id: z.number().int().positive(),
  name: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(60, 'validation:costCenter.long'),
  lastUpdate: z.string().optional(),
});

/**
 * The lines of an invoice and of the next invoice's estimate, per contract: the plan, the options (× count),
 * the promotions (negative), the out-of-bundle usage of the cycle, one-off fees and, in the estimate only, the
 * forecast of the out-of-bundle usage to the end of the cycle. Amounts in cents, VAT included.
 */
export const invoiceLineKinds = ['plan', 'option', 'promotion', 'usage', 'fee', 'forecast'] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

export const estimateLineSchema = z.object({
  kind: z.enum(invoiceLineKinds),
  /** The product's name (plans and options) or the promotion's text per language; null for usage lines. */
  label: translatedSchema.nullable(),
  quantity: z.number().int(),
  amount: centsSchema,
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

/** GET /customer/{id}/invoices/estimate: what the next invoice should amount to, as far as known now. */
export const invoiceEstimateSchema = z.object({
  nextInvoiceDate: isoDateSchema.nullable(),
  contracts: z.array(
    z.object({
      contractId: z.number().int(),
      msisdn: z.string().nullable(),
      period: z.object({ start: isoDateSchema, end: isoDateSchema }),
      lines: z.array(estimateLineSchema),
      /**
       * The usage and forecast lines cause by cause (contract/bill-explanation-next.ts): the rating model's zone and
       * kind, what it charged so far, its share of the forecast and, for roaming, the country where most of it was used.
       */
      outOfBundle: z.array(
        z.object({ category: z.string(), country: z.string().length(2).nullable(), charged: centsSchema, forecast: centsSchema }),
      ),
      total: centsSchema,
    }),
  ),
  total: centsSchema,
  computedAt: isoDateTimeSchema,
});
export type InvoiceEstimate = z.infer<typeof invoiceEstimateSchema>;

/*
 * The kinds of the explanation's answer, written out here: the app's client loads this module with every endpoint, and
 * contract/bill-explanation.ts (with the pricing it reads) loads only on the screens that explain a bill. `satisfies`
 * keeps them those of the model.
 */
const billedLineKinds = ['plan', 'option', 'promotion', 'usage', 'fee', 'credit'] as const satisfies readonly BilledLineKind[];
const explanationCauses = ['plan', 'option', 'promotion', 'usage', 'fee', 'credit'] as const satisfies readonly ExplanationCause[];
const explanationChanges = ['added', 'removed', 'started', 'ended', 'changed', 'billed'] as const satisfies readonly ExplanationChange[];

/**
 * GET /customer/{id}/invoices/{uuid}: one invoice or credit note with its lines as billed (docs/product/invoices.md
 * "The single invoice"): each line incl. and excl. VAT, which add up to the totals. The app stores it, so that the
 * invoice and its explanation open offline (contract/bill-explanation.ts reads this shape).
 */
export const invoiceDetailLineSchema = z.object({
  contract_id: z.number().int().nullable(),
  msisdn: z.string().nullable(),
  kind: z.enum(billedLineKinds),
  label: translatedSchema.nullable(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  amount_cents: centsSchema,
  amount_excl_vat_cents: centsSchema,
  from: isoDateSchema.nullable(),
  to: isoDateSchema.nullable(),
  /** Roaming outside the EU zone: the country where most of the cycle's use was made (its records'), else null. */
  country: z.string().length(2).nullable(),
});

export const invoiceDetailSchema = z.object({
  invoice: invoiceSchema,
  lines: z.array(invoiceDetailLineSchema),
  totals: z.object({ excl_vat_cents: centsSchema, vat_cents: centsSchema, incl_vat_cents: centsSchema }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

const translatedOrNull = translatedSchema.nullable();

/** GET /customer/{id}/invoices/{uuid}/explanation: contract/bill-explanation.ts `explainInvoice`, as the server computes it. */
export const invoiceExplanationSchema = z.object({
  previous: z.object({ uuid: z.string(), total_cents: centsSchema }).nullable(),
  difference_cents: centsSchema,
  vat: z.object({ excl_vat_cents: centsSchema, vat_cents: centsSchema }),
  lines: z.array(
    z.object({
      cause: z.enum(explanationCauses),
      change: z.enum(explanationChanges),
      amount_cents: centsSchema,
      amount_excl_vat_cents: centsSchema,
      current_cents: centsSchema,
      previous_cents: centsSchema,
      contract_id: z.number().int().nullable(),
      msisdn: z.string().nullable(),
      label: translatedOrNull,
      category: z.string().nullable(),
      country: z.string().nullable(),
      plan: translatedOrNull,
      date: isoDateSchema.nullable(),
      spans: z.array(
        z.object({ label: translatedOrNull, from: isoDateSchema, to: isoDateSchema, days: z.number().int(), amount_cents: centsSchema }),
      ),
      period: z.object({ start: isoDateSchema, end: isoDateSchema }).nullable(),
    }),
  ),
});
