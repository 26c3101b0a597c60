import { z } from 'zod';
import { idParamSchema } from '../common.ts';
import { billCycleSchema } from '../contracts.ts';
import {
  costCenterListSchema,
  costCenterPatchSchema,
  costCenterSchema,
  creditorSchema,
  invoiceDetailSchema,
  invoiceEstimateSchema,
  invoiceExplanationSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSituationSchema,
  paidInvoicePageSchema,
  paidInvoicesQuerySchema,
} from '../invoices.ts';
import { define, customerParams } from './endpoint.ts';

/** Invoices, bill cycles and cost centers (docs/product/invoices.md). */
export const invoicesEndpoints = define({
  billCycle: {
    method: 'GET',
    base: 'api',
    path: '/invoices/bill-cycle/:billCycleId',
    params: z.object({ billCycleId: idParamSchema }),
    response: billCycleSchema,
  },
  // The operator's account and SEPA creditor identifier (configuration): the QR codes and the mandate show them.
  paymentCreditor: { method: 'GET', base: 'api', path: '/invoices/creditor', response: creditorSchema },
  invoicesOpen: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/open',
    params: customerParams,
    query: invoiceListQuerySchema,
    response: invoiceListSchema,
  },
  invoicesPaid: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/paid',
    params: customerParams,
    query: paidInvoicesQuerySchema,
    response: paidInvoicePageSchema,
  },
  costCenters: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/cost-centers',
    params: customerParams,
    response: costCenterListSchema,
  },
  patchCostCenter: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/cost-center',
    params: customerParams,
    body: costCenterPatchSchema,
    response: costCenterSchema,
    queued: true,
  },
  invoiceSituation: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/situation',
    params: customerParams,
    response: invoiceSituationSchema,
  },
  invoiceEstimate: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/estimate',
    params: customerParams,
    response: invoiceEstimateSchema,
  },
  invoiceDetail: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    response: invoiceDetailSchema,
  },
  // Why this invoice differs from the previous one (docs/product/invoices.md "Why this bill is different").
  invoiceExplanation: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid/explanation',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    response: invoiceExplanationSchema,
  },
  invoiceDownload: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid/download',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    download: ['application/pdf'],
  },
});
