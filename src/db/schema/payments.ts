import type { EntityTable } from 'dexie';

/*
 * Online payments started on this device (docs/product/payments.md).
 */

/**
 * An online payment the customer started (docs/product/payments.md), as the server last told it: written on return
 * from the checkout, so that an offline return shows "being confirmed" and the next pull settles it.
 */
export type OnlinePaymentRow = {
  reference: string;
  customerId: number;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  amount: number;
  scope: 'invoice' | 'open_total';
  /** The pieces of the invoices it pays. */
  invoices: string[];
  createdAt: string;
  settledAt: string | null;
};

/** The tables of this area in the app database. */
export type PaymentsTables = {
  onlinePayments: EntityTable<OnlinePaymentRow, 'reference'>;
};
