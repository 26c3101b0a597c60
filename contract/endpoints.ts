import { z } from 'zod';
import { activateOrderRequestSchema, activateOrderResponseSchema } from './activation.ts';
import {
  changePasswordRequestSchema,
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
  linkStatusSchema,
  privacySettingsSchema,
} from './customer.ts';
import { invoiceListSchema, invoiceSituationSchema } from './invoices.ts';
import { orderLineSchema, orderRequestSchema, newOrderLineSchema } from './orders.ts';
import {
  contractProductsQuerySchema,
  contractProductsResponseSchema,
  optionSchema,
  productSchema,
  promotionSchema,
  promotionsByContractResponseSchema,
} from './products.ts';
import { contractSettingsSchema, notificationSettingSchema, safeguardChangeSchema } from './settings.ts';
import { faqQuerySchema, faqResponseSchema, supportTicketSchema } from './support.ts';
import { usageHistoryQuerySchema, usageHistoryResponseSchema, usageSummarySchema } from './usage.ts';
import { billCycleSchema } from './contracts.ts';

/**
 * Every call of SPEC §7 as data: method, path (Fastify-style `:param`), which base it lives under, and the
 * schemas of params, query, body and answer. The server registers its routes from these; the app builds its
 * requests and parses its answers with the same objects.
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
  /** Refused offline with a clear message (orders, activation, uploads, tickets). */
  onlineOnly?: boolean;
  /** Answers a file of one of these media types instead of JSON (no `response` schema). */
  download?: readonly string[];
};

const customerParams = z.object({ customerId: idParamSchema });
const contractParams = z.object({ customerId: idParamSchema, contractId: idParamSchema });
const linkParams = z.object({ uuid: z.string().min(1).max(64), token: z.string().min(1).max(200) });
const emptyBody = z.object({}).optional();

const define = <const T extends Record<string, Endpoint>>(endpoints: T): T => endpoints;

export const endpoints = define({
  // Public calls (SPEC §7)
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
  activateOrderDelivery: {
    method: 'POST',
    base: 'public',
    path: '/subscription/:customerId/contract/:contractId/order-delivery/activate',
    params: contractParams,
    body: activateOrderRequestSchema,
    response: activateOrderResponseSchema,
    onlineOnly: true,
  },
  activateOrder: {
    method: 'POST',
    base: 'public',
    path: '/orders/activate',
    body: activateOrderRequestSchema,
    response: activateOrderResponseSchema,
    onlineOnly: true,
  },
  // SPEC §7 names the path subscription/{id}/confirm-email; the id is the customer's guid, the {uuid} of the app's
  // /account/confirm-email/{uuid}/{token} link.
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
    body: z.object({ iccid: z.string().optional() }),
    response: activateOrderResponseSchema,
    onlineOnly: true,
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
  linkStatus: { method: 'GET', base: 'api', path: '/customer/:customerId/link-status', params: customerParams, response: linkStatusSchema },
  faq: { method: 'GET', base: 'api', path: '/faq', query: faqQuerySchema, response: faqResponseSchema },
  linkEnergy: {
    method: 'POST',
    base: 'api',
    path: '/user/link',
    body: z.object({ login: z.string().min(1), password: z.string().min(1), accept: z.literal(true) }),
    response: linkStatusSchema,
    onlineOnly: true,
  },
  logout: { method: 'POST', base: 'api', path: '/user/logout', body: logoutRequestSchema, response: okSchema },
  relog: {
    method: 'POST',
    base: 'api',
    path: '/user/relog',
    body: emptyBody,
    response: z.object({ link: z.string(), login: z.string().optional(), guid: z.string().optional(), token: z.string().optional() }),
  },
  changePassword: { method: 'POST', base: 'api', path: '/user/password', body: changePasswordRequestSchema, response: okSchema },
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
    body: z.object({ name: z.string().min(1).max(80) }),
    response: okSchema,
    queued: true,
  },
  identify: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/identify',
    params: contractParams,
    response: okSchema,
    onlineOnly: true,
  },
  portIn: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/contract/',
    params: customerParams,
    body: z.object({
      contractId: z.number().int(),
      msisdn: z.string(),
      otherAccountNumber: z.string().optional(),
      otherIccid: z.string().optional(),
    }),
    response: okSchema,
    onlineOnly: true,
  },
  privacy: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/privacy',
    params: customerParams,
    body: privacySettingsSchema,
    response: privacySettingsSchema,
    queued: true,
  },
  notifications: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/notifications',
    params: customerParams,
    response: z.object({ settings: z.array(notificationSettingSchema) }),
  },
  patchNotifications: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/notifications',
    params: customerParams,
    body: z.object({
      settings: z
        .array(notificationSettingSchema.pick({ id: true, active: true }))
        .min(1)
        .max(50),
    }),
    response: z.object({ settings: z.array(notificationSettingSchema) }),
    queued: true,
  },
  contractSettings: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/settings',
    params: contractParams,
    response: contractSettingsSchema,
  },
  safeguardChange: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/safeguard',
    params: contractParams,
    body: safeguardChangeSchema,
    response: okSchema,
    queued: true,
  },

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
  invoicesOpen: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/open',
    params: customerParams,
    response: invoiceListSchema,
  },
  invoicesPaid: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/paid',
    params: customerParams,
    query: pagingQuerySchema,
    response: invoiceListSchema,
  },
  costCenters: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/cost-centers',
    params: customerParams,
    response: z.object({ costCenters: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  },
  invoiceSituation: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/situation',
    params: customerParams,
    response: invoiceSituationSchema,
  },
  invoiceDownload: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid/download',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    download: ['application/pdf'],
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
  podium: { method: 'GET', base: 'api', path: '/products/podium', response: z.object({ products: z.array(productSchema) }) },
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
    query: z.object({ contracts: z.string().regex(/^\d+(,\d+)*$/) }),
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
    params: contractParams.extend({ orderId: z.string().min(1).max(40) }),
    body: orderRequestSchema,
    response: newOrderLineSchema,
    onlineOnly: true,
  },
  cancelOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/cancel',
    params: contractParams.extend({ orderId: z.string().min(1).max(40) }),
    response: okSchema,
    onlineOnly: true,
  },
  orderHistory: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders',
    params: contractParams,
    query: pagingQuerySchema,
    response: pagedSchema(orderLineSchema),
  },

  // Support
  supportTicket: {
    method: 'POST',
    base: 'api',
    path: '/support/ticket',
    body: supportTicketSchema,
    response: z.object({ ticketId: z.string() }),
    onlineOnly: true,
  },
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
