import { PaymentMethod } from '@mollie/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Language } from '#contract/common';
import { writeTransaction } from '../db/engine.ts';
import type { AppContext } from '../lib/app-context.ts';
import { wireProvider, type PaymentProvider } from '../lib/payment-provider.ts';
import {
  expireStandInPayments,
  findStandInPayment,
  findStandInPaymentByKey,
  finishStandInPayment,
  insertStandInPayment,
  type StandInPaymentRow,
  type StandInStatus,
} from './psp-data.ts';
import { randomToken } from '../lib/tokens.ts';

/*
 * The stand-in payment provider (docs/product/payments.md "The payment provider"), served while MOLLIE_API_KEY is
 * unset so that `npm start` and the tests pay offline. It plays another company's system and keeps to what Mollie
 * does:
 *
 * - the part of Mollie's payments API that the server uses: POST /psp-stand-in/v2/payments (create, applied once per
 *   Idempotency-Key) and GET /psp-stand-in/v2/payments/{id}, in Mollie's JSON (amounts as "45.00", `_links.checkout`
 *   while open, errors as `{ status, title, detail, field }`), behind `Authorization: Bearer test_…`;
 * - a checkout page like Mollie's test mode: first the payment method, then the outcome (radio buttons `paid`,
 *   `failed`, `canceled`, `expired`) and `Continue`, which applies the outcome, calls the merchant's webhook
 *   (`id=tr_…`, form-encoded, as Mollie does) and sends the customer back to the merchant's redirect URL;
 * - an open payment expires 15 minutes after its creation (the webhook is called then too).
 *
 * Server-rendered HTML under the strict Content-Security-Policy: a stylesheet file, no script, no inline style.
 * The webhook is called in-process (Fastify's inject) at the path of the webhook URL: the stand-in only ever serves
 * the server it runs in, whose webhook URL is its own PUBLIC_URL.
 */

export const PSP_STAND_IN = '/psp-stand-in/';
const API_ROOT = `${PSP_STAND_IN}v2/`;
/** Where the stand-in's webhook calls come from (see callWebhook). */
export const STAND_IN_ADDRESS = '192.0.2.80';
const CHECKOUT = `${PSP_STAND_IN}checkout/`;
const STYLESHEET = `${PSP_STAND_IN}checkout.css`;

/** Mollie's open payments expire after a while; the stand-in keeps them open 15 minutes. */
export const STAND_IN_EXPIRY_MS = 15 * 60_000;

const OUTCOMES = ['paid', 'failed', 'canceled', 'expired'] as const;
type Outcome = (typeof OUTCOMES)[number];

const METHOD_NAMES: Record<string, string> = {
  bancontact: 'Bancontact',
  payconiq: 'Payconiq',
  creditcard: 'Visa / Mastercard',
  kbc: 'KBC/CBC',
  belfius: 'Belfius',
};
/**
 * What the stand-in offers: Bancontact, Payconiq, cards and the KBC/CBC and Belfius buttons, what a Belgian
 * customer pays with (docs/product/payments.md "The payment provider"), unless the merchant names fewer.
 */
const KNOWN_METHODS: readonly string[] = [
  PaymentMethod.bancontact,
  PaymentMethod.payconiq,
  PaymentMethod.creditcard,
  PaymentMethod.kbc,
  PaymentMethod.belfius,
];

// ---------------------------------------------------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------------------------------------------------

const createSchema = z.object({
  amount: z.object({
    currency: z.literal('EUR'),
    value: z
      .string()
      .regex(/^\d{1,9}\.\d{2}$/)
      .refine((value) => Number(value) > 0),
  }),
  description: z.string().min(1).max(255),
  redirectUrl: z.url({ protocol: /^https?$/ }),
  webhookUrl: z.url({ protocol: /^https?$/ }).optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/)
    .optional(),
  method: z.union([z.string(), z.array(z.string()).max(20)]).optional(),
  metadata: z.unknown().optional(),
});

const mollieError = (reply: FastifyReply, status: number, title: string, detail: string, field?: string): FastifyReply =>
  reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type('application/hal+json')
    .send({
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
    });

/** Mollie accepts any key of the account; the stand-in runs in test mode only, so any `test_…` key. */
const authorized = (request: FastifyRequest): boolean => /^Bearer test_[A-Za-z0-9]+$/.test(request.headers.authorization ?? '');

/** What the payment is now: an open one whose time ran out reads as expired even before the job records it. */
const currentStatus = (row: StandInPaymentRow, now: Date): StandInStatus =>
  row.status === 'open' && Date.parse(row.expires_at) <= now.getTime() ? 'expired' : row.status;

const toMollie = (row: StandInPaymentRow, now: Date, publicUrl: string): Record<string, unknown> => {
  const status = currentStatus(row, now);
  const finishedAt = row.finished_at ?? (status === 'expired' ? row.expires_at : null);
  const at: Record<string, string> = {};
  if (finishedAt && status !== 'open') at[`${status}At`] = finishedAt;
  return {
    resource: 'payment',
    id: row.id,
    mode: 'test',
    createdAt: row.created_at,
    amount: { value: row.amount_value, currency: row.currency },
    description: row.description,
    method: row.method,
    metadata: row.metadata_json === null ? null : (JSON.parse(row.metadata_json) as unknown),
    status,
    isCancelable: false,
    ...(status === 'open' ? { expiresAt: row.expires_at } : {}),
    ...at,
    ...(row.locale ? { locale: row.locale } : {}),
    profileId: 'pfl_standin',
    sequenceType: 'oneoff',
    redirectUrl: row.redirect_url,
    ...(row.webhook_url ? { webhookUrl: row.webhook_url } : {}),
    _links: {
      self: { href: `${publicUrl}${API_ROOT}payments/${row.id}`, type: 'application/hal+json' },
      ...(status === 'open' ? { checkout: { href: `${publicUrl}${CHECKOUT}${row.id}`, type: 'text/html' } } : {}),
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  };
};

const newPaymentId = (): string =>
  `tr_${randomToken()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)}`;

// ---------------------------------------------------------------------------------------------------------------
// The checkout page
// ---------------------------------------------------------------------------------------------------------------

const texts = {
  fr: {
    title: 'Paiement',
    chooseMethod: 'Choisissez votre moyen de paiement',
    testMode: 'Mode test',
    chooseOutcome: 'Choisissez le résultat du paiement',
    otherMethod: 'Choisir un autre moyen de paiement',
    finished: 'Ce paiement est terminé',
    finishedText: (status: string) => `Son statut : ${status}.`,
    back: 'Retour chez le marchand',
    unknown: 'Paiement introuvable',
    unknownText: 'Ce lien de paiement n’existe pas.',
    note: 'Prestataire de paiement de démonstration du serveur de référence : aucun argent ne circule.',
  },
  nl: {
    title: 'Betaling',
    chooseMethod: 'Kies uw betaalmethode',
    testMode: 'Testmodus',
    chooseOutcome: 'Kies het resultaat van de betaling',
    otherMethod: 'Een andere betaalmethode kiezen',
    finished: 'Deze betaling is afgerond',
    finishedText: (status: string) => `Status: ${status}.`,
    back: 'Terug naar de handelaar',
    unknown: 'Betaling niet gevonden',
    unknownText: 'Deze betaallink bestaat niet.',
    note: 'Demo-betaaldienst van de referentieserver: er wordt geen geld overgemaakt.',
  },
  en: {
    title: 'Payment',
    chooseMethod: 'Choose your payment method',
    testMode: 'Test mode',
    chooseOutcome: 'Choose the outcome of the payment',
    otherMethod: 'Choose another payment method',
    finished: 'This payment is finished',
    finishedText: (status: string) => `Its status: ${status}.`,
    back: 'Back to the merchant',
    unknown: 'Payment not found',
    unknownText: 'This payment link does not exist.',
    note: 'The reference server’s demo payment provider: no money moves.',
  },
} as const;

const languageOf = (locale: string | null): Language => {
  const prefix = locale?.slice(0, 2);
  return prefix === 'nl' || prefix === 'en' ? prefix : 'fr';
};
const intlLocale = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-GB' } as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The page's own policy: its stylesheet only, no script at all, forms posted to itself, never framed. */
const CHECKOUT_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const CHECKOUT_CSS = `*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f1f3f6;color:#1b1f24}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.merchant{font-weight:600;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:0}
.description{color:#4b5563;margin:.25rem 0 1.5rem;overflow-wrap:anywhere}
.card{background:#fff;border:1px solid #d6dae1;border-radius:12px;padding:1.25rem}
h1{font-size:1.15rem;margin:0 0 1rem}
.methods{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.methods button{width:100%;text-align:left;font:inherit;padding:.9rem 1rem;border:1px solid #aeb5c0;border-radius:8px;background:#fff;color:#1b1f24;cursor:pointer}
.methods button:hover,.methods button:focus-visible{border-color:#0a58ca;outline:2px solid #0a58ca;outline-offset:1px}
.badge{display:inline-block;background:#fff3cd;color:#664d03;border:1px solid #e5c76b;border-radius:999px;padding:.1rem .6rem;font-size:.85rem;margin:0 0 .75rem}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem}
label{display:flex;align-items:center;gap:.6rem;padding:.6rem .25rem;font-size:1.05rem}
input[type=radio]{width:1.2rem;height:1.2rem}
.continue{width:100%;font:inherit;font-weight:600;padding:.9rem;border:0;border-radius:8px;background:#0a58ca;color:#fff;cursor:pointer}
.continue:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}
a{color:#0a58ca}
.other{display:inline-block;margin-top:1rem}
.note{color:#4b5563;font-size:.85rem;margin-top:1.5rem}`;

const html = (reply: FastifyReply, status: number, lang: Language, body: string): FastifyReply =>
  reply
    .status(status)
    .header('Content-Security-Policy', CHECKOUT_CSP)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(texts[lang].title)}</title><link rel="stylesheet" href="${STYLESHEET}"></head>` +
        `<body><main>${body}<p class="note">${escapeHtml(texts[lang].note)}</p></main></body></html>`,
    );

const summary = (row: StandInPaymentRow, lang: Language, merchant: string): string => {
  const amount = new Intl.NumberFormat(intlLocale[lang], { style: 'currency', currency: row.currency }).format(Number(row.amount_value));
  return (
    `<p class="merchant">${escapeHtml(merchant)}</p><p class="amount">${escapeHtml(amount)}</p>` +
    `<p class="description">${escapeHtml(row.description)}</p>`
  );
};

const offeredMethods = (row: StandInPaymentRow): string[] => {
  const requested = row.methods_json === null ? null : (JSON.parse(row.methods_json) as string[]);
  const offered = requested ? KNOWN_METHODS.filter((method) => requested.includes(method)) : [...KNOWN_METHODS];
  return offered.length > 0 ? offered : [...KNOWN_METHODS];
};

const methodPage = (row: StandInPaymentRow, lang: Language, merchant: string): string =>
  summary(row, lang, merchant) +
  `<section class="card"><h1>${escapeHtml(texts[lang].chooseMethod)}</h1>` +
  `<form method="get" action="${CHECKOUT}${row.id}"><ul class="methods">` +
  offeredMethods(row)
    .map(
      (method) => `<li><button type="submit" name="method" value="${method}">${escapeHtml(METHOD_NAMES[method] ?? method)}</button></li>`,
    )
    .join('') +
  `</ul></form></section>`;

const outcomePage = (row: StandInPaymentRow, lang: Language, merchant: string, method: string): string =>
  summary(row, lang, merchant) +
  `<section class="card"><p class="badge">${escapeHtml(texts[lang].testMode)}</p><h1>${escapeHtml(METHOD_NAMES[method] ?? method)}</h1>` +
  `<form method="post" action="${CHECKOUT}${row.id}"><input type="hidden" name="method" value="${method}">` +
  `<fieldset><legend>${escapeHtml(texts[lang].chooseOutcome)}</legend>` +
  OUTCOMES.map(
    (outcome) => `<label><input type="radio" name="status" value="${outcome}"${outcome === 'paid' ? ' checked' : ''}> ${outcome}</label>`,
  ).join('') +
  `</fieldset><button class="continue" type="submit">Continue</button></form>` +
  `<a class="other" href="${CHECKOUT}${row.id}">${escapeHtml(texts[lang].otherMethod)}</a></section>`;

const finishedPage = (row: StandInPaymentRow, lang: Language, merchant: string, status: StandInStatus): string =>
  summary(row, lang, merchant) +
  `<section class="card"><h1>${escapeHtml(texts[lang].finished)}</h1><p>${escapeHtml(texts[lang].finishedText(status))}</p>` +
  `<a href="${escapeHtml(row.redirect_url)}">${escapeHtml(texts[lang].back)}</a></section>`;

const checkoutForm = z.object({ method: z.string(), status: z.enum(OUTCOMES) });

// ---------------------------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------------------------

/** The stand-in provider's API, checkout and expiry (plain routes: not part of the app's contract nor its OpenAPI). */
export const registerPspStandIn = (app: FastifyInstance, ctx: AppContext): void => {
  const { db, clock } = ctx;
  const publicUrl = ctx.mail.publicUrl;
  const merchant = ctx.creditor.name;

  /** As Mollie does: `id=tr_…`, form-encoded, to the merchant's webhook; what it answers does not change the payment. */
  const callWebhook = async (row: StandInPaymentRow): Promise<void> => {
    if (!row.webhook_url) return;
    const answer = await app.inject({
      method: 'POST',
      url: new URL(row.webhook_url).pathname,
      // From an address of its own, as the real provider's calls come from its own: never counted against this
      // machine's (127.0.0.1), which a local prober could otherwise lock out of the webhook (issue 42). 192.0.2.0/24
      // is reserved for documentation (RFC 5737): no client has it.
      remoteAddress: STAND_IN_ADDRESS,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie stand-in webhook' },
      payload: new URLSearchParams({ id: row.id }).toString(),
    });
    if (answer.statusCode >= 300) app.log.warn({ payment: row.id, status: answer.statusCode }, 'the webhook did not accept the call');
  };

  app.post(`${API_ROOT}payments`, async (request, reply) => {
    if (!authorized(request)) return mollieError(reply, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    const parsed = createSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'body';
      return mollieError(reply, 422, 'Unprocessable Entity', `The '${field}' field is missing or invalid`, field);
    }
    const body = parsed.data;
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
    const now = clock.now();
    const row = await writeTransaction(db, async (tx) => {
      // The same key again is the same request: the payment it created, not a second one.
      const existing = key === null ? undefined : await findStandInPaymentByKey(tx, key);
      if (existing) return existing;
      const id = newPaymentId();
      const metadata = body.metadata === undefined ? null : JSON.stringify(body.metadata);
      await insertStandInPayment(tx, {
        id,
        idempotency_key: key,
        amount_value: body.amount.value,
        currency: body.amount.currency,
        description: body.description,
        redirect_url: body.redirectUrl,
        webhook_url: body.webhookUrl ?? null,
        metadata_json: metadata !== null && metadata.length <= 1024 ? metadata : null,
        locale: body.locale ?? null,
        methods_json: body.method === undefined ? null : JSON.stringify([body.method].flat()),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + STAND_IN_EXPIRY_MS).toISOString(),
      });
      const created = await findStandInPayment(tx, id);
      if (!created) throw new Error('stand-in payment vanished');
      return created;
    });
    return reply
      .status(201)
      .header('Cache-Control', 'no-store')
      .type('application/hal+json')
      .send(toMollie(row, now, publicUrl));
  });

  app.get<{ Params: { id: string } }>(`${API_ROOT}payments/:id`, async (request, reply) => {
    if (!authorized(request)) return mollieError(reply, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    const row = await findStandInPayment(db, request.params.id);
    if (!row) return mollieError(reply, 404, 'Not Found', 'No payment exists with token');
    return reply
      .header('Cache-Control', 'no-store')
      .type('application/hal+json')
      .send(toMollie(row, clock.now(), publicUrl));
  });

  app.get(STYLESHEET, (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(CHECKOUT_CSS));

  app.get<{ Params: { id: string }; Querystring: { method?: string } }>(`${CHECKOUT}:id`, async (request, reply) => {
    const row = await findStandInPayment(db, request.params.id);
    if (!row) return html(reply, 404, 'fr', `<section class="card"><h1>${texts.fr.unknown}</h1><p>${texts.fr.unknownText}</p></section>`);
    const lang = languageOf(row.locale);
    const status = currentStatus(row, clock.now());
    if (status !== 'open') return html(reply, 200, lang, finishedPage(row, lang, merchant, status));
    const method = request.query.method;
    if (method && offeredMethods(row).includes(method)) return html(reply, 200, lang, outcomePage(row, lang, merchant, method));
    return html(reply, 200, lang, methodPage(row, lang, merchant));
  });

  app.post<{ Params: { id: string } }>(`${CHECKOUT}:id`, { config: { formBody: true } }, async (request, reply) => {
    const row = await findStandInPayment(db, request.params.id);
    if (!row) return html(reply, 404, 'fr', `<section class="card"><h1>${texts.fr.unknown}</h1><p>${texts.fr.unknownText}</p></section>`);
    const lang = languageOf(row.locale);
    const form = checkoutForm.safeParse(request.body ?? {});
    if (!form.success || !offeredMethods(row).includes(form.data.method)) return html(reply, 400, lang, methodPage(row, lang, merchant));
    const outcome: Outcome = form.data.status;
    const now = clock.now();
    const applied =
      currentStatus(row, now) === 'open' &&
      (await writeTransaction(db, (tx) => finishStandInPayment(tx, row.id, outcome, form.data.method, now.toISOString())));
    if (applied) await callWebhook(row);
    // Back to the merchant whatever happened (a second press of Continue finds the payment finished).
    return reply.redirect(row.redirect_url, 303);
  });

  ctx.scheduler.register({
    name: 'psp-stand-in.expire',
    everyMs: 60_000,
    run: async (now) => {
      const expired = await writeTransaction(db, (tx) => expireStandInPayments(tx, now.toISOString()));
      for (const row of expired) await callWebhook(row);
    },
  });
};

/**
 * The payment provider the product talks to in the demo: the stand-in's API above, asked in-process in Mollie's wire
 * format (lib/payment-provider.ts), so the product's payment code is the one it runs with Mollie.
 */
export const standInProvider = (app: FastifyInstance): PaymentProvider =>
  wireProvider(async ({ method, path, body, headers }) => {
    const answer = await app.inject({
      method,
      url: `${PSP_STAND_IN}v2/${path}`,
      headers,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { statusCode: answer.statusCode, body: answer.body };
  });
