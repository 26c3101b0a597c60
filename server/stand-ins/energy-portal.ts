import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Language } from '#contract/common';
import { isLanguage } from '#contract/language';
import type { AppContext } from '../lib/app-context.ts';
import { findEnergyAccount } from '../lib/energy-data.ts';
import { checkLink, useLink } from '../lib/one-time-codes.ts';
import { findUserByGuid } from '../lib/users.ts';

/*
 * The stand-in energy portal (demo only, without ENERGY_PORTAL_URL): the sister energy service's site, which is
 * outside this product. It accepts a one-click token once, so that the owner's one-click login (routes/energy.ts) is
 * proven end to end. Server-rendered HTML, no script at all.
 */

/** The stand-in portal's address: same origin, outside the app (the service worker lets it through). */
export const STAND_IN_ENERGY_PORTAL = '/energy-portal/';

// ---------------------------------------------------------------------------------------------------------------

const portalTexts = {
  fr: {
    title: 'Espace énergie',
    intro: 'Ceci est le portail énergie de démonstration du serveur de référence.',
    login: 'Connectez-vous avec votre numéro énergie et votre mot de passe sur le portail de votre fournisseur.',
    welcome: (name: string) => `Bonjour ${name}`,
    connected: (id: string) => `Vous êtes connecté·e à votre espace énergie ${id} en un clic, depuis votre espace mobile.`,
    refused: 'Ce lien de connexion n’est plus valable',
    refusedText:
      'Un lien de connexion en un clic ne sert qu’une fois et pendant quelques minutes. Ouvrez à nouveau « Énergie » depuis votre espace mobile.',
  },
  nl: {
    title: 'Energieruimte',
    intro: 'Dit is het demo-energieportaal van de referentieserver.',
    login: 'Meld u aan met uw energienummer en wachtwoord op het portaal van uw leverancier.',
    welcome: (name: string) => `Hallo ${name}`,
    connected: (id: string) => `U bent met één klik aangemeld op uw energieruimte ${id}, vanuit uw mobiele ruimte.`,
    refused: 'Deze aanmeldlink is niet meer geldig',
    refusedText:
      'Een aanmeldlink met één klik werkt maar één keer en enkele minuten lang. Open ‘Energie’ opnieuw vanuit uw mobiele ruimte.',
  },
  en: {
    title: 'Energy space',
    intro: 'This is the reference server’s demo energy portal.',
    login: 'Log in with your energy number and password on your supplier’s portal.',
    welcome: (name: string) => `Hello ${name}`,
    connected: (id: string) => `You are logged in to your energy space ${id} in one click, from your mobile space.`,
    refused: 'This login link is no longer valid',
    refusedText: 'A one-click login link works once, for a few minutes. Open “Energy” again from your mobile space.',
  },
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The stand-in's own policy: nothing but its stylesheet may load, nothing may frame or post it. */
const PORTAL_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PORTAL_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f7f2;color:#1d2b1f}
main{max-width:36rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;border:1px solid #c9d6c4}
h1{font-size:1.5rem;margin-top:0}p{line-height:1.5}.note{color:#4a5a4c;font-size:.9rem}`;

const page = (reply: FastifyReply, status: number, lang: Language, heading: string, lines: string[]): FastifyReply =>
  reply
    .status(status)
    .header('Content-Security-Policy', PORTAL_CSP)
    .header('Cache-Control', 'no-store')
    // The address carried a token: never pass it on to another site.
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(portalTexts[lang].title)}</title><link rel="stylesheet" href="${STAND_IN_ENERGY_PORTAL}portal.css"></head>` +
        `<body><main><h1>${escapeHtml(heading)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` +
        `<p class="note">${escapeHtml(portalTexts[lang].intro)}</p></main></body></html>`,
    );

const oneClickQuery = z.object({
  login: z.string().max(40).default(''),
  guid: z.string().max(64).default(''),
  token: z.string().max(200).default(''),
  lang: z.string().optional(),
});

/** The stand-in portal's pages (not API routes: plain HTML, outside the OpenAPI document). */
export const registerEnergyPortalStandIn = (app: FastifyInstance, ctx: AppContext): void => {
  const { db, clock } = ctx;
  const langOf = (value: unknown): Language => (isLanguage(value) ? value : 'fr');

  app.get(`${STAND_IN_ENERGY_PORTAL}portal.css`, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(PORTAL_CSS),
  );

  app.get(STAND_IN_ENERGY_PORTAL, (request, reply) => {
    const lang = langOf((request.query as { lang?: unknown }).lang);
    return page(reply, 200, lang, portalTexts[lang].title, [portalTexts[lang].login]);
  });

  // The one-click login: the token works once, within its lifetime, for the user and energy login it was made for.
  app.get(`${STAND_IN_ENERGY_PORTAL}one-click`, async (request, reply) => {
    const parsed = oneClickQuery.safeParse(request.query);
    const query = parsed.success ? parsed.data : { login: '', guid: '', token: '', lang: undefined };
    const user = query.guid ? await findUserByGuid(db, query.guid) : undefined;
    const now = clock.now();
    const refuse = (status: number) => {
      const lang = langOf(user?.language ?? query.lang);
      return page(reply, status, lang, portalTexts[lang].refused, [portalTexts[lang].refusedText]);
    };
    if (!user || !query.token) return refuse(403);
    const check = await checkLink(db, query.token, 'energyRelog', now, (userId) => userId === user.id);
    if (!check.ok) return refuse(check.reason === 'expired' ? 410 : 403);
    if (check.link.target !== query.login || !(await useLink(db, check.link.id, now))) return refuse(403);
    const account = await findEnergyAccount(db, query.login);
    const name = account ? `${account.first_name} ${account.last_name}` : [user.first_name, user.last_name].filter(Boolean).join(' ');
    const lang = langOf(user.language);
    return page(reply, 200, lang, portalTexts[lang].welcome(name), [portalTexts[lang].connected(query.login)]);
  });
};
