import { endpoints } from '#contract/endpoints';
import { requireCustomer } from '../lib/access.ts';
import { notFound } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { findBillCycle, invoiceSituation, openInvoices, paidInvoices } from '../lib/invoice-data.ts';
import { pageWindow } from '../lib/paging.ts';
import type { Router } from '../lib/router.ts';
import { authOf } from '../plugins/auth.ts';

/**
 * SPEC §7 invoice calls. Invoices are account-holder data: a plain user gets 403 (SPEC §6, it cannot see the
 * invoice alert either). A bill cycle is not personal data (a start day and a frequency) and every signed-in
 * user needs it to compute its consumption periods.
 */
export const registerInvoiceRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  router.route(endpoints.billCycle, ({ params }) => {
    const cycle = findBillCycle(db, params.billCycleId);
    if (!cycle) throw notFound('Bill cycle not found');
    return cycle;
  });

  router.route(endpoints.invoicesOpen, ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return { invoices: openInvoices(db, params.customerId) };
  });

  router.route(endpoints.invoicesPaid, ({ params, query, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const window = pageWindow(query['megalist-page'], query['megalist-batchSize']);
    return { invoices: paidInvoices(db, params.customerId, query['megalist-sortOrder'], window.perPage, window.offset) };
  });

  router.route(endpoints.invoiceSituation, ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return invoiceSituation(db, params.customerId, clock.now());
  });
};
