import { z } from 'zod';
import {
  activateOrderRequestSchema,
  activationChoiceSchema,
  identificationFieldsSchema,
  identityUpload,
  newNumberRequestSchema,
  portInPatchSchema,
  resendActivationCodeRequestSchema,
  simOrderListSchema,
  simOrderSchema,
} from './activation.ts';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmEmailRequestSchema,
  createAccountBySmsRequestSchema,
  createAccountRequestSchema,
  createPasswordRequestSchema,
  languageRequestSchema,
  linkLoginRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  pinLoginRequestSchema,
  pinSetupRequestSchema,
  pinSetupResponseSchema,
  recoverBySmsRequestSchema,
  recoveryInitResponseSchema,
  renewAccessRequestSchema,
  resetPasswordRequestSchema,
  tokenExpiredRequestSchema,
  tokenExpiredResponseSchema,
  authUserSchema,
} from './auth.ts';
import { idParamSchema, languageSchema, okSchema, pagingQuerySchema, pagedSchema } from './common.ts';
import {
  contactPatchSchema,
  contactSchema,
  customerFullQuerySchema,
  customerFullSchema,
  invoicingPatchSchema,
  invoicingSchema,
} from './customer.ts';
import {
  costCenterListSchema,
  costCenterPatchSchema,
  costCenterSchema,
  creditorSchema,
  invoiceEstimateSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSituationSchema,
  paidInvoicePageSchema,
  paidInvoicesQuerySchema,
} from './invoices.ts';
import {
  onlinePaymentSchema,
  paymentCheckoutSchema,
  paymentReferenceSchema,
  paymentRequestSchema,
  paymentWebhookSchema,
} from './payments.ts';
import { orderHistoryQuerySchema, orderLineSchema, orderRequestSchema, newOrderLineSchema } from './orders.ts';
import {
  contractProductsQuerySchema,
  contractProductsResponseSchema,
  optionSchema,
  productSchema,
  promotionSchema,
  promotionsByContractQuerySchema,
  promotionsByContractResponseSchema,
} from './products.ts';
import {
  lineChangeSchema,
  lineSettingsSchema,
  notificationSettingsSchema,
  notificationsPatchSchema,
  pageViewSchema,
  privacySettingsSchema,
  privacyStateSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  safeguardChangeSchema,
  sentNotificationsSchema,
  settingChangeSchema,
} from './settings.ts';
import { energyLinkRequestSchema, linkStatusSchema, relogAnswerSchema } from './energy.ts';
import { offersResponseSchema } from './offers.ts';
import { faqQuerySchema, faqResponseSchema, supportTicketAnswerSchema, supportTicketListSchema, supportTicketSchema } from './support.ts';
import { usageHistoryQuerySchema, usageHistoryResponseSchema, usageSummarySchema } from './usage.ts';
import { billCycleSchema } from './contracts.ts';
import { maxAttachmentBytes } from './validators.ts';

/**
 * Every call of docs/product/api.md ("Public calls", "Authenticated calls") as data: method, path (Fastify-style
 * `:param`), which base it lives under, and the schemas of params, query, body and answer. The server registers its
 * routes from these; the app builds its requests and parses its answers with the same objects.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `public` → `/api/public`, `api` → `/api` (ARCHITECTURE.md); the app reads both bases from configuration. */
  base: 'public' | 'api';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Queued through the mutation outbox when offline (ARCHITECTURE.md "Write"). */
  queued?: boolean;
  /** Refused offline with a clear message (orders, activation, identification uploads). */
  onlineOnly?: boolean;
  /**
   * The body travels as multipart/form-data instead of JSON: text fields as text, and each field whose value is an
   * uploaded file (contract/support.ts `uploadedFileSchema`: name, type, size and its bytes) as a file part. The app
   * builds the form data when it sends (so a queued change keeps its file as a Blob in IndexedDB); the server reads
   * the parts back into the same object before validating it. `maxFileBytes` caps what the server reads of a file.
   */
  multipart?: { maxFileBytes: number };
  /**
   * The body travels as application/x-www-form-urlencoded, as a sender outside the app posts it (the payment
   * provider's webhook); every other endpoint refuses that content type (server/plugins/form-body.ts).
   */
  form?: true;
  /** Answers a file of one of these media types instead of JSON (no `response` schema). */
  download?: readonly string[];
  /**
   * A multipart/form-data body (file uploads) instead of JSON: the schema of its text fields and the limits of its
   * files. The handler reads the parts as they stream in (server/lib/uploads.ts); no other endpoint accepts multipart.
   */
  upload?: {
    fields: z.ZodType;
    file: { field: string; types: readonly string[]; maxBytes: number; minCount: number; maxCount: number };
  };
};

const customerParams = z.object({ customerId: idParamSchema });
const contractParams = z.object({ customerId: idParamSchema, contractId: idParamSchema });
const linkParams = z.object({ uuid: z.string().min(1).max(64), token: z.string().min(1).max(200) });
const emptyBody = z.object({}).optional();
/**
 * An order's number (docs/product/validation.md "Customer, energy and order numbers": 'O-' and 10 digits), as the
 * history's `order_id` gives it.
 */
const orderRefSchema = z.string().regex(/^O-\d{10}$/, 'validation:orderNumber');

const define = <const T extends Record<string, Endpoint>>(endpoints: T): T => endpoints;

export const endpoints = define({
  // Public calls (docs/product/api.md "Public calls")
  login: { method: 'POST', base: 'public', path: '/users/login', body: loginRequestSchema, response: loginResponseSchema },
  loginPin: { method: 'POST', base: 'public', path: '/users/login/pin', body: pinLoginRequestSchema, response: loginResponseSchema },
  // uuid = the user's guid; body optional ({ deviceId, deviceKey } binds the session to this device).
  loginByLink: {
    method: 'POST',
    base: 'public',
    path: '/users/login/:uuid/:token',
    params: linkParams,
    body: linkLoginRequestSchema.optional(),
    response: loginResponseSchema,
  },
  createAccount: { method: 'POST', base: 'public', path: '/users/create-account', body: createAccountRequestSchema, response: okSchema },
  createAccountBySms: {
    method: 'POST',
    base: 'public',
    path: '/users/create-account/sms',
    body: createAccountBySmsRequestSchema,
    response: okSchema,
  },
  createPasswordInit: {
    method: 'GET',
    base: 'public',
    path: '/users/create-password/:uuid/:token',
    params: linkParams,
    response: recoveryInitResponseSchema,
  },
  createPassword: {
    method: 'POST',
    base: 'public',
    path: '/users/create-password/:uuid/:token',
    params: linkParams,
    body: createPasswordRequestSchema,
    response: okSchema,
  },
  recoverPasswordInit: {
    method: 'GET',
    base: 'public',
    path: '/users/recover-password/:uuid/:token',
    params: linkParams,
    response: recoveryInitResponseSchema,
  },
  recoverPassword: {
    method: 'POST',
    base: 'public',
    path: '/users/recover-password/:uuid/:token',
    params: linkParams,
    body: createPasswordRequestSchema,
    response: okSchema,
  },
  recoverBySms: {
    method: 'POST',
    base: 'public',
    path: '/users/recover-password/sms',
    body: recoverBySmsRequestSchema,
    response: okSchema,
  },
  resetPassword: { method: 'POST', base: 'public', path: '/users/reset-password', body: resetPasswordRequestSchema, response: okSchema },
  tokenExpired: {
    method: 'POST',
    base: 'public',
    path: '/token/expired',
    body: tokenExpiredRequestSchema,
    response: tokenExpiredResponseSchema,
  },
  status: {
    method: 'GET',
    base: 'public',
    path: '/status',
    response: z.object({ status: z.enum(['ok', 'maintenance']), version: z.string() }),
  },
  // Readiness for health checks: 200 once the server and its database answer, 503 otherwise.
  ready: {
    method: 'GET',
    base: 'public',
    path: '/ready',
    response: z.object({ status: z.literal('ready'), version: z.string() }),
  },
  renewAccess: {
    method: 'POST',
    base: 'public',
    path: '/users/renew-access',
    body: renewAccessRequestSchema,
    response: loginResponseSchema,
  },
  // SIM activation without login (docs/product/api.md "Public calls"). orders/activate checks the order and its code
  // and opens an activation session (an HttpOnly cookie bound to that order) for the calls below and the order's
  // follow-up.
  activateOrder: {
    method: 'POST',
    base: 'public',
    path: '/orders/activate',
    body: activateOrderRequestSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  resendActivationCode: {
    method: 'POST',
    base: 'public',
    path: '/orders/activate/resend',
    body: resendActivationCodeRequestSchema,
    response: okSchema,
    onlineOnly: true,
  },
  publicSimOrder: {
    method: 'GET',
    base: 'public',
    path: '/orders/:uuid',
    params: z.object({ uuid: z.uuid() }),
    response: simOrderSchema,
  },
  activateOrderDelivery: {
    method: 'POST',
    base: 'public',
    path: '/subscription/:customerId/contract/:contractId/order-delivery/activate',
    params: contractParams,
    body: activationChoiceSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  identifyOrder: {
    method: 'POST',
    base: 'public',
    path: '/subscription/:customerId/contract/:contractId/identify',
    params: contractParams,
    upload: { fields: identificationFieldsSchema, file: identityUpload },
    response: simOrderSchema,
    onlineOnly: true,
  },
  // docs/product/api.md "Public calls" names the path subscription/{id}/confirm-email; the id is the customer's guid,
  // the {uuid} of the app's /account/confirm-email/{uuid}/{token} link.
  confirmEmail: {
    method: 'POST',
    base: 'public',
    path: '/subscription/:uuid/confirm-email',
    params: z.object({ uuid: z.string().min(1).max(64) }),
    body: confirmEmailRequestSchema,
    response: okSchema,
  },
  publicCustomer: {
    method: 'GET',
    base: 'public',
    path: '/customer/:customerId/:token',
    params: z.object({ customerId: idParamSchema, token: z.string().min(1).max(200) }),
    response: z.object({ customer_ref: z.string(), first_name: z.string() }),
  },

  // Authenticated calls
  activateSim: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/activate-sim',
    params: contractParams,
    body: newNumberRequestSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  simOrders: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/sim-orders',
    params: customerParams,
    response: simOrderListSchema,
  },
  setLanguage: {
    method: 'POST',
    base: 'api',
    path: '/user/language',
    body: languageRequestSchema,
    response: z.object({ lang: languageSchema }),
    queued: true,
  },
  me: { method: 'GET', base: 'api', path: '/user/me', response: z.object({ user: authUserSchema, expires_at: z.string() }) },
  customerFull: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/full',
    params: customerParams,
    query: customerFullQuerySchema,
    response: customerFullSchema,
  },
  logout: { method: 'POST', base: 'api', path: '/user/logout', body: logoutRequestSchema, response: okSchema },
  changePassword: {
    method: 'POST',
    base: 'api',
    path: '/user/password',
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
  },
  setupPin: { method: 'POST', base: 'api', path: '/user/pin', body: pinSetupRequestSchema, response: pinSetupResponseSchema },
  patchContact: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/contact',
    params: customerParams,
    body: contactPatchSchema,
    response: contactSchema,
    queued: true,
  },
  // The contact's new e-mail address awaits its confirmation link: send it again (throttled per address).
  resendEmailConfirmation: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contact/confirm-email',
    params: customerParams,
    response: z.object({ success: z.literal(true), email: z.string() }),
    onlineOnly: true,
  },
  patchInvoicing: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/invoicing',
    params: customerParams,
    body: invoicingPatchSchema,
    response: invoicingSchema,
    queued: true,
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
  identify: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/identify',
    params: contractParams,
    upload: { fields: identificationFieldsSchema, file: identityUpload },
    response: simOrderSchema,
    onlineOnly: true,
  },
  portIn: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/contract/',
    params: customerParams,
    body: portInPatchSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  // Settings, alerts, push and page views (docs/product/settings.md)
  privacy: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/privacy',
    params: customerParams,
    response: privacyStateSchema,
  },
  patchPrivacy: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/privacy',
    params: customerParams,
    body: privacySettingsSchema,
    response: privacyStateSchema,
    queued: true,
  },
  notifications: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/notifications',
    params: customerParams,
    response: notificationSettingsSchema,
  },
  patchNotifications: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/notifications',
    params: customerParams,
    body: notificationsPatchSchema,
    response: notificationSettingsSchema,
    queued: true,
  },
  sentNotifications: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/notifications/sent',
    params: customerParams,
    response: sentNotificationsSchema,
  },
  contractSettings: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/settings',
    params: contractParams,
    response: lineSettingsSchema,
  },
  safeguardChange: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/safeguard',
    params: contractParams,
    body: safeguardChangeSchema,
    response: lineChangeSchema,
    queued: true,
  },
  settingChange: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/settings',
    params: contractParams,
    body: settingChangeSchema,
    response: lineChangeSchema,
    queued: true,
  },
  pushKey: { method: 'GET', base: 'api', path: '/push/key', response: z.object({ publicKey: z.string() }) },
  pushSubscribe: {
    method: 'POST',
    base: 'api',
    path: '/user/push-subscriptions',
    body: pushSubscriptionSchema,
    response: okSchema,
    onlineOnly: true,
  },
  pushUnsubscribe: {
    method: 'POST',
    base: 'api',
    path: '/user/push-subscriptions/remove',
    body: pushEndpointSchema,
    response: okSchema,
    onlineOnly: true,
  },
  pushTest: {
    method: 'POST',
    base: 'api',
    path: '/user/push-test',
    body: pushEndpointSchema,
    response: z.object({ delivered: z.boolean() }),
    onlineOnly: true,
  },
  // Public: a page view may come from the login page; counted only with the statistics consent cookie.
  pageView: { method: 'POST', base: 'public', path: '/page-view', body: pageViewSchema, response: z.object({ counted: z.boolean() }) },

  // Usage
  usageSummary: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage',
    params: contractParams,
    query: z.object({ period: z.enum(['current', 'previous']).default('current') }),
    response: usageSummarySchema,
  },
  usageHistory: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage/history',
    params: contractParams,
    query: pagingQuerySchema.extend(usageHistoryQuerySchema.shape),
    response: usageHistoryResponseSchema,
  },
  usageDownload: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage/download',
    params: contractParams,
    query: z.object({ type: z.enum(['PDF', 'CONSO']), from: z.iso.date().optional(), to: z.iso.date().optional() }),
    download: ['application/pdf', 'text/csv'],
  },

  // Invoices
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
  invoiceDownload: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid/download',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    download: ['application/pdf'],
  },
  // Paying online (docs/product/payments.md): one invoice, or the open total (the debt of the invoice situation).
  // The server decides the amount; the answer is the provider's checkout, where the app sends the customer.
  payInvoice: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid/payment',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    body: paymentRequestSchema,
    response: paymentCheckoutSchema,
    onlineOnly: true,
  },
  payOpenTotal: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/invoices/open/payment',
    params: customerParams,
    body: paymentRequestSchema,
    response: paymentCheckoutSchema,
    onlineOnly: true,
  },
  // On return from the checkout: the payment as the provider has it now (the server asks it while it is not final).
  onlinePayment: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/payments/:reference',
    params: z.object({ customerId: idParamSchema, reference: paymentReferenceSchema }),
    response: onlinePaymentSchema,
  },
  // The provider's webhook: server to server, no session, no Origin; rate-limited per address.
  paymentWebhook: {
    method: 'POST',
    base: 'public',
    path: '/payments/webhook',
    body: paymentWebhookSchema,
    response: okSchema,
    form: true,
  },

  // Products and orders
  contractProducts: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/products',
    params: contractParams,
    query: contractProductsQuerySchema,
    response: contractProductsResponseSchema,
  },
  // The base products offered to the signed-in customer's segment (docs/product/subscription.md
  // "The catalogue a customer is offered": residential or professional), cheapest first.
  podium: {
    method: 'GET',
    base: 'api',
    path: '/products/podium',
    response: z.object({ segment: z.enum(['residential', 'professional']), products: z.array(productSchema) }),
  },
  // The options that can be added to a base product (`active` is false or 0: no contract here).
  productOptions: {
    method: 'GET',
    base: 'api',
    path: '/products/:productId/options',
    params: z.object({ productId: idParamSchema }),
    response: z.object({ options: z.array(optionSchema) }),
  },
  productPromotions: {
    method: 'GET',
    base: 'api',
    path: '/products/:productId/promotions',
    params: z.object({ productId: idParamSchema }),
    response: z.object({ promotions: z.array(promotionSchema) }),
  },
  promotionsByContract: {
    method: 'GET',
    base: 'api',
    path: '/promotions/by-contract',
    query: promotionsByContractQuerySchema,
    response: promotionsByContractResponseSchema,
  },
  createOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/create',
    params: contractParams,
    body: orderRequestSchema,
    response: newOrderLineSchema,
    onlineOnly: true,
  },
  modifyOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/modify',
    params: contractParams.extend({ orderId: orderRefSchema }),
    body: orderRequestSchema,
    response: newOrderLineSchema,
    onlineOnly: true,
  },
  cancelOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/cancel',
    params: contractParams.extend({ orderId: orderRefSchema }),
    response: okSchema,
    onlineOnly: true,
  },
  /**
   * Cancels one line of a pending order (docs/product/subscription.md "Cancelling an order"): that change only; the
   * order's other changes still happen. 409 when the line can no longer be cancelled.
   */
  cancelOrderLine: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/lines/:lineId/cancel',
    params: contractParams.extend({ orderId: orderRefSchema, lineId: idParamSchema }),
    response: okSchema,
    onlineOnly: true,
  },
  orderHistory: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders',
    params: contractParams,
    query: orderHistoryQuerySchema,
    response: pagedSchema(orderLineSchema),
  },

  // Support, offers and energy
  faq: { method: 'GET', base: 'api', path: '/faq', query: faqQuerySchema, response: faqResponseSchema },
  // A message written offline waits in the outbox with its attachment and is sent once when back online.
  supportTicket: {
    method: 'POST',
    base: 'api',
    path: '/support/ticket',
    body: supportTicketSchema,
    response: supportTicketAnswerSchema,
    queued: true,
    multipart: { maxFileBytes: maxAttachmentBytes },
  },
  // The user's messages, from whichever device wrote them, with their status (a cached read like any list).
  supportTickets: { method: 'GET', base: 'api', path: '/support/tickets', response: supportTicketListSchema },
  customerOffers: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/offers',
    params: customerParams,
    response: offersResponseSchema,
  },
  linkStatus: { method: 'GET', base: 'api', path: '/customer/:customerId/link-status', params: customerParams, response: linkStatusSchema },
  linkEnergy: {
    method: 'POST',
    base: 'api',
    path: '/user/link',
    body: energyLinkRequestSchema,
    response: linkStatusSchema,
    onlineOnly: true,
  },
  relog: { method: 'POST', base: 'api', path: '/user/relog', body: emptyBody, response: relogAnswerSchema, onlineOnly: true },
});

export type EndpointName = keyof typeof endpoints;

/**
 * A read the service worker answers with the 15-minute rule (ARCHITECTURE.md "Freshness"): a GET of customer
 * data, under the authenticated base, with a JSON answer. Public calls (status, activation) and files (downloads,
 * no `response` schema) always go to the network. The app's client marks these requests (contract/headers.ts
 * CACHED_READ_HEADER), so the worker needs no list of its own.
 */
export const isCachedRead = (e: Endpoint): boolean => e.method === 'GET' && e.base === 'api' && e.response !== undefined;

/** Full server path of an endpoint under the given bases (defaults are same-origin). */
export const endpointUrl = (e: Endpoint, bases: { api: string; public: string } = { api: '/api', public: '/api/public' }): string =>
  `${e.base === 'public' ? bases.public : bases.api}${e.path}`;

/** Fill `:params` of a path. */
export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
