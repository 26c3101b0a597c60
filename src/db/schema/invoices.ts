import type { EntityTable } from 'dexie';
import type { ExplainableLine } from '#contract/bill-explanation';
import type { EstimateOutOfBundle } from '#contract/bill-explanation-next';

/*
 * Invoices, cost centres, the estimate, the creditor and the PDFs kept offline (docs/product/invoices.md).
 */

/** Invoice situation of a customer (GET …/invoices/situation); owners and admins only. */
export type InvoiceSituationRow = {
  customerId: number;
  openInvoiceTotal: number;
  /**
   * Of what is owed, the part collected by direct debit (cents, 0 to −openInvoiceTotal), as the server computed it.
   * Absent from a row stored before the field existed, until its next pull (15 minutes): nothing is said of it then.
   */
  pendingDebitTotal?: number;
  firstInvoiceDueDate: string | null;
  hasOpenInvoice: boolean;
  isInDebt: boolean;
  payUrgently: boolean;
  firstInvoiceIssueDate: string | null;
  nextInvoiceDate: string | null;
  nextInvoiceDueDate: string | null;
  /** Partial payments received per open invoice (uuid → cents). */
  partialPayments: Record<string, number>;
  /** The structured communication to pay the open balance with; null when nothing is owed. */
  paymentReference: string | null;
  /**
   * The server takes payments online: false hides "Pay now" (a server without a payment provider). Absent from a row
   * stored before the field existed: on, as every server was then.
   */
  onlinePayment?: boolean;
};

/** One invoice or credit note as the bills screen lists it (amounts in cents, dates as the server sends them). */
export type InvoiceRow = {
  uuid: string;
  generatedAt: string;
  dueDate: string;
  paidAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  totalInclVat: number;
  structuredCommunication: string;
  piece: string;
  paymentMode: 'DD' | 'BT';
  documentType: 'invoice' | 'credit_note';
  costCenterId: number | null;
};

/**
 * One list of invoices as fetched: the open ones (`open:<costCenter>`), or one page of the paid ones
 * (`paid:<costCenter>:<page>`, with the server's pagination), for a cost centre or `all`. Pages are small (25),
 * so a list is one row.
 */
export type InvoiceListRow = {
  key: string;
  customerId: number;
  invoices: InvoiceRow[];
  pagination: { currentPage: number; lastPage: number; total: number; perPage: number } | null;
};

/** A cost centre of a professional customer (GET …/cost-centers). */
export type CostCenterRow = { id: number; customerId: number; name: string; contractIds: number[]; lastUpdate: string };

/** The next invoice's estimate (GET …/invoices/estimate), stored as the server sends it. */
export type InvoiceEstimateRow = {
  customerId: number;
  nextInvoiceDate: string | null;
  contracts: {
    contractId: number;
    msisdn: string | null;
    period: { start: string; end: string };
    lines: {
      kind: 'plan' | 'option' | 'promotion' | 'usage' | 'fee' | 'forecast';
      label: { fr: string; nl: string; en: string } | null;
      quantity: number;
      amount: number;
    }[];
    /** The usage and forecast lines by cause (absent in estimates stored before the server sent it). */
    outOfBundle?: EstimateOutOfBundle[];
    total: number;
  }[];
  total: number;
  computedAt: string;
};

/** Who customers pay (GET /invoices/creditor): one row. */
export type PaymentCreditorRow = { id: 'current'; name: string; iban: string; bic: string; identifier: string };

/**
 * An invoice PDF once opened, kept so that it opens again offline: the few most recent ones only (the app keeps
 * the cache small), wiped at logout with every customer table.
 */
export type InvoicePdfRow = { uuid: string; customerId: number; piece: string; bytes: ArrayBuffer; storedAt: number };

/**
 * One invoice with its lines as billed (GET …/invoices/{uuid}), stored as the server sends it: the invoice screen and
 * the explanation of its difference (contract/bill-explanation.ts) read it, offline too.
 */
export type InvoiceDetailRow = {
  uuid: string;
  customerId: number;
  invoice: {
    uuid: string;
    dates: {
      invoice_generated_at: string;
      due_date: string;
      paid_at: string | null;
      period_start: string | null;
      period_end: string | null;
    };
    total: { total_incl_vat: number };
    structured_communication: string;
    piece: string;
    details: { payment_mode: 'DD' | 'BT'; document_type: 'invoice' | 'credit_note'; cost_center_id: number | null };
  };
  /** The lines as the explanation reads them (one type, the contract's). */
  lines: ExplainableLine[];
  totals: { excl_vat_cents: number; vat_cents: number; incl_vat_cents: number };
};

/** The tables of this area in the app database. */
export type InvoicesTables = {
  invoiceSituations: EntityTable<InvoiceSituationRow, 'customerId'>;
  invoiceLists: EntityTable<InvoiceListRow, 'key'>;
  costCenters: EntityTable<CostCenterRow, 'id'>;
  invoiceEstimates: EntityTable<InvoiceEstimateRow, 'customerId'>;
  paymentCreditor: EntityTable<PaymentCreditorRow, 'id'>;
  invoicePdfs: EntityTable<InvoicePdfRow, 'uuid'>;
  invoiceDetails: EntityTable<InvoiceDetailRow, 'uuid'>;
};
