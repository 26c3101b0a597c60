import { endpoints } from '#contract/endpoints';
import type { InvoicingPatch } from '#contract/customer';
import { requireCustomer } from '../lib/access.ts';
import { ApiError, invalidParameters, notFound } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { baseVersionOf, nextVersion, requireCurrentVersion } from '../lib/conditional.ts';
import { findContact, findCustomer, findInvoicing, toInvoicing, type InvoicingRecord } from '../lib/customer-data.ts';
import {
  costCenterNameTaken,
  costCenters,
  countPaidInvoices,
  findBillCycle,
  findCostCenter,
  findInvoice,
  invoiceDetail,
  invoiceEstimate,
  invoiceExplanation,
  invoiceLines,
  invoiceSituation,
  openInvoices,
  paidInvoices,
  renameCostCenter,
  updateInvoicing,
  type EditableInvoicing,
} from '../lib/invoice-data.ts';
import { billingRun } from '../lib/billing-run.ts';
import { sendInvoiceEmails } from '../lib/invoice-mail.ts';
import { invoicePdf } from '../lib/invoice-pdf.ts';
import { buildPagination, pageWindow } from '../lib/paging.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { localDate } from '../lib/service-calendar.ts';
import { type Db, writeTransaction } from '../db/engine.ts';
import { authOf } from '../plugins/auth.ts';
import { answered } from '../lib/idempotent-answer.ts';

/** The only sort the paid list offers: by issue date. */
const SORT_FIELDS = ['generated_at'] as const;

/** 404 for a cost centre that is not this customer's (an id of another customer reveals nothing). */
const requireCostCenter = async (db: Db, customerId: number, costCenterId: number | undefined): Promise<void> => {
  if (costCenterId !== undefined && !(await findCostCenter(db, customerId, costCenterId))) throw notFound('Cost centre not found');
};

/**
 * The invoicing row after a PATCH: the parts sent replace the stored ones. A direct debit signed now (a switch
 * to direct debit, or another account) dates its mandate today; a switch to bank transfer ends the mandate.
 */
const nextInvoicing = (current: InvoicingRecord, body: InvoicingPatch, today: string): EditableInvoicing => {
  const payment = body.payment;
  const mode = payment?.mode ?? current.payment_mode;
  const iban = payment ? (payment.iban ?? (mode === 'BT' ? current.iban : null)) : current.iban;
  const bic = payment ? (payment.bic ?? (mode === 'BT' && payment.iban === undefined ? current.bic : null)) : current.bic;
  const newMandate = mode === 'DD' && (current.payment_mode !== 'DD' || iban !== current.iban || bic !== current.bic);
  return {
    street: body.address?.street ?? current.street,
    number: body.address?.number ?? current.number,
    box: body.address ? body.address.box || null : current.box,
    city: body.address?.city ?? current.city,
    zip_code: body.address?.zipCode ?? current.zip_code,
    country: body.address?.country ?? current.country,
    iban,
    bic,
    payment_mode: mode,
    mandate_date: mode === 'BT' ? null : newMandate ? today : current.mandate_date,
    holder_first_name: body.holder?.firstName ?? current.holder_first_name,
    holder_last_name: body.holder?.lastName ?? current.holder_last_name,
    holder_email: body.holder?.email ?? current.holder_email,
  };
};

/**
 * The invoice calls (docs/product/api.md "Authenticated calls"), the payment details (invoicing) and the cost centres.
 * Invoices and payment details are account-holder data: a plain user gets 403 (docs/product/roles.md "Plain user": it
 * cannot see the invoice alert either). A bill cycle and the operator's account are not personal data: every signed-in
 * user may read them.
 */
const registerInvoiceReadRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock, creditor } = ctx;

  router.route(endpoints.billCycle, async ({ params }) => {
    const cycle = await findBillCycle(db, params.billCycleId);
    if (!cycle) throw notFound('Bill cycle not found');
    return cycle;
  });

  router.route(endpoints.paymentCreditor, () => creditor);

  router.route(endpoints.invoicesOpen, async ({ params, query, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    await requireCostCenter(db, params.customerId, query.costCenterId);
    return { invoices: await openInvoices(db, params.customerId, query.costCenterId) };
  });

  router.route(endpoints.invoicesPaid, async ({ params, query, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const sort = query['megalist-sort'] ?? 'generated_at';
    if (!(SORT_FIELDS as readonly string[]).includes(sort))
      throw invalidParameters([{ field: 'megalist-sort', message: 'validation:invalid' }]);
    await requireCostCenter(db, params.customerId, query.costCenterId);
    const window = pageWindow(query['megalist-page'], query['megalist-batchSize']);
    const total = await countPaidInvoices(db, params.customerId, query.costCenterId);
    const invoices =
      window.offset < total
        ? await paidInvoices(db, params.customerId, query['megalist-sortOrder'], window.perPage, window.offset, query.costCenterId)
        : [];
    return {
      invoices,
      pagination: buildPagination(window, total, invoices.length, request.url.split('?')[0] ?? '', {
        'megalist-batchSize': window.perPage,
        'megalist-sort': sort,
        'megalist-sortOrder': query['megalist-sortOrder'],
        costCenterId: query.costCenterId,
      }),
    };
  });

  router.route(endpoints.invoiceSituation, async ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return { ...(await invoiceSituation(db, params.customerId, clock.now())), onlinePayment: ctx.onlinePayment };
  });

  router.route(endpoints.invoiceEstimate, ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return invoiceEstimate(db, params.customerId, clock.now());
  });

  // One invoice with its lines, and why it differs from the previous one: 404 for an invoice that is not this
  // customer's (another customer's uuid reveals nothing), as the download answers.
  router.route(endpoints.invoiceDetail, async ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const invoice = await findInvoice(db, params.customerId, params.uuid);
    if (!invoice) throw notFound('Invoice not found');
    return invoiceDetail(db, invoice);
  });

  router.route(endpoints.invoiceExplanation, async ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const invoice = await findInvoice(db, params.customerId, params.uuid);
    if (!invoice) throw notFound('Invoice not found');
    return invoiceExplanation(db, invoice);
  });

  router.route(endpoints.costCenters, async ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return { costCenters: await costCenters(db, params.customerId) };
  });
};

/** The invoice as a PDF, drawn on request from the stored invoice and lines, in the user's language. */
const registerInvoiceDownload = (router: Router, ctx: AppContext): void => {
  const { db, clock, creditor } = ctx;
  router.route(endpoints.invoiceDownload, async ({ params, request, reply }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    const invoice = await findInvoice(db, params.customerId, params.uuid);
    if (!invoice) throw notFound('Invoice not found');
    const customer = await findCustomer(db, params.customerId);
    const contact = await findContact(db, params.customerId);
    const invoicing = await findInvoicing(db, params.customerId);
    if (!customer || !contact || !invoicing) throw new ApiError(404, 'customerNotFound', 'Customer not found');
    const holder = toInvoicing(invoicing, contact).holder;
    const person = `${holder.firstName} ${holder.lastName}`.trim();
    const pdf = await invoicePdf({
      invoice,
      lines: await invoiceLines(db, invoice.id),
      customerName: contact.company_name ? `${contact.company_name} — ${person}` : person,
      customerNumber: customer.mobile_id,
      customerVat: contact.company_vat,
      supplier: ctx.supplier,
      costCenterName:
        invoice.cost_center_id === null ? null : ((await findCostCenter(db, params.customerId, invoice.cost_center_id))?.name ?? null),
      address: {
        street: invoicing.street,
        number: invoicing.number,
        box: invoicing.box,
        zipCode: invoicing.zip_code,
        city: invoicing.city,
        country: invoicing.country,
      },
      debitIban: invoicing.iban,
      creditor,
      language: auth.user.language,
      now: clock.now(),
    });
    return reply
      .header('Cache-Control', 'private, no-store')
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="invoice-${invoice.piece_id}.pdf"`)
      .send(pdf);
  });
};

/** The payment details and the cost centres' names: account-holder changes, conditional and idempotent. */
const registerPaymentDetailsRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  // PATCH /customer/{id}/invoicing (docs/product/invoices.md "Payment details"; docs/product/errors.md "Profile
  // changes"): conditional on the version the edit was based on (412 when stale), 422 `noUpdate` when nothing would
  // change. Queued by the app when offline; the Idempotency-Key plugin makes a replay apply once.
  router.route(endpoints.patchInvoicing, ({ params, body, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return writeTransaction(db, async (tx) => {
      const current = await findInvoicing(tx, params.customerId);
      if (!current) throw new ApiError(404, 'customerNotFound', 'Customer not found');
      requireCurrentVersion(baseVersionOf(request, body.lastUpdate), current.last_update);
      const now = clock.now();
      const next = nextInvoicing(current, body, localDate(now.getTime()));
      const changed = (Object.keys(next) as (keyof EditableInvoicing)[]).some((key) => next[key] !== current[key]);
      if (!changed) throw new ApiError(422, 'noUpdate', 'No update made');
      await updateInvoicing(tx, current.id, next, nextVersion(current.last_update, now));
      const updated = await findInvoicing(tx, params.customerId);
      if (!updated) throw new Error('invoicing vanished during its update');
      return answered(tx, toInvoicing(updated, await findContact(tx, params.customerId)));
    });
  });

  // PATCH /customer/{id}/cost-center: renames a cost centre (docs/product/errors.md "Profile changes": 400, 422),
  // conditional and idempotent like every profile change.
  router.route(endpoints.patchCostCenter, ({ params, body, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    return writeTransaction(db, async (tx) => {
      const current = await findCostCenter(tx, params.customerId, body.id);
      if (!current) throw notFound('Cost centre not found');
      requireCurrentVersion(baseVersionOf(request, body.lastUpdate), current.last_update);
      if (body.name === current.name) throw new ApiError(422, 'noUpdate', 'No update made');
      if (await costCenterNameTaken(tx, params.customerId, current.id, body.name)) {
        throw invalidParameters([{ field: 'name', message: 'validation:costCenter.taken' }]);
      }
      await renameCostCenter(tx, current.id, body.name, nextVersion(current.last_update, clock.now()));
      const updated = (await costCenters(tx, params.customerId)).find((center) => center.id === current.id);
      if (!updated) throw new Error('cost centre vanished during its update');
      return answered(tx, updated);
    });
  });
};

const registerBillingJob = (ctx: AppContext): void => {
  const { db, creditor } = ctx;
  // The billing run (docs/product/operations.md "Jobs on the clock"): on every run, the cycles that closed are invoiced
  // (each once, whatever runs or instances meet), then the invoices' e-mails go out. The alert job announces them
  // (INV).
  ctx.scheduler.register({
    name: 'billing.run',
    // Orders due today are carried out first: the lines are billed as they are from today, and an order's balance
    // check reads the invoices of before this run.
    after: ['orders.execute-due'],
    run: async (now) => {
      await billingRun(db, now);
      await sendInvoiceEmails({ db, mailer: ctx.mailer, publicUrl: ctx.mail.publicUrl, creditor }, now);
    },
  });
};

export default routePlugin((app, { ctx }) => {
  const router = createRouter(app, ctx);
  registerInvoiceReadRoutes(router, ctx);
  registerInvoiceDownload(router, ctx);
  registerPaymentDetailsRoutes(router, ctx);
  registerBillingJob(ctx);
});
