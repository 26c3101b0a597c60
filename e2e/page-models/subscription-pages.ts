import { expect, type Page } from '@playwright/test';
import type { DemoUserKey } from '#contract/fixtures/demo';
import { signIn } from '../fixtures/sign-in.ts';

/*
 * The subscription and orders screens (/subscription/*, /orders: docs/product/subscription.md
 * "The subscription screen", "The optimize screen", "Order history"), found by role and accessible name in French and
 * Dutch. Each test signs in (e2e/fixtures/sign-in.ts) straight on a screen (`signInAt`) or opens one with ?lang= (and
 * ?contractId= to pick a line).
 */

export type Lang = 'fr' | 'nl';

/** The words the tests look for, per language (from locales/<lang>/*.json). */
export const words = {
  fr: {
    continue: 'Continuer',
    confirm: 'Confirmer la commande',
    follow: 'Suivre mes commandes',
    more: (name: string) => `Ajouter un ${name}`,
    price: (from: string, to: string) => `Prix mensuel : ${from} → ${to}`,
    optionChange: (name: string, from: string, to: string) => `${name} : ${from} → ${to}`,
    none: 'aucune',
    placed: /Votre commande (O-\d{10}) est enregistrée\./,
    option: (name: string) => `Option ${name}`,
    inProgress: 'En cours',
    canceledState: 'Annulée',
    cancel: (order: string) => new RegExp(`^Annuler ce changement de la commande ${order} : `),
    cancelTitle: (order: string) => `Annuler ce changement de la commande ${order} ?`,
    yesCancel: 'Oui, annuler ce changement',
    canceledTitle: 'Changement annulé',
    kept: (order: string) => `Le reste de la commande ${order} sera fait comme prévu :`,
    before: 'Votre prix mensuel aujourd’hui',
    after: /^Votre prix mensuel à partir du /,
    close: 'Fermer',
    onlineOnly: 'Cette action nécessite une connexion internet.',
    blockedFraud: 'La ligne 0470 00 00 06 est bloquée pour fraude',
    fraudBadge: 'Bloquée pour fraude',
    homeBlocked: 'La ligne 0470 00 00 06 est bloquée pour fraude',
    contactHolder: 'seul le titulaire du compte peut le modifier',
    optimizeLink: 'Changer de forfait ou d’options',
    fitTitle: 'Quel forfait me convient ?',
    // What the plan would have cost and saved depends on the seed's day: the suggestion itself does not.
    suggestion:
      /Mega Pro 30 couvre votre consommation et vous aurait coûté \d+,\d\d\s€ par mois en moyenne, soit \d+,\d\d\s€ de moins par mois/,
    choose: 'Choisir Mega Pro 30',
  },
  nl: {
    continue: 'Verder',
    confirm: 'Bestelling bevestigen',
    follow: 'Mijn bestellingen opvolgen',
    more: (name: string) => `Eén ${name} meer`,
    price: (from: string, to: string) => `Maandprijs: ${from} → ${to}`,
    optionChange: (name: string, from: string, to: string) => `${name}: ${from} → ${to}`,
    none: 'geen',
    placed: /Uw bestelling (O-\d{10}) is geregistreerd\./,
    option: (name: string) => `Optie ${name}`,
    inProgress: 'Bezig',
    canceledState: 'Geannuleerd',
    cancel: (order: string) => new RegExp(`^Deze wijziging van bestelling ${order} annuleren: `),
    cancelTitle: (order: string) => `Deze wijziging van bestelling ${order} annuleren?`,
    yesCancel: 'Ja, deze wijziging annuleren',
    canceledTitle: 'Wijziging geannuleerd',
    kept: (order: string) => `De rest van bestelling ${order} wordt uitgevoerd zoals gepland:`,
    before: 'Uw maandprijs vandaag',
    after: /^Uw maandprijs vanaf /,
    close: 'Sluiten',
    onlineOnly: 'Voor deze actie is een internetverbinding nodig.',
    blockedFraud: 'Lijn 0470 00 00 06 is geblokkeerd wegens fraude',
    fraudBadge: 'Geblokkeerd wegens fraude',
    homeBlocked: 'Lijn 0470 00 00 06 is geblokkeerd wegens fraude',
    contactHolder: 'alleen de accounthouder kan het wijzigen',
    optimizeLink: 'Abonnement of opties wijzigen',
    fitTitle: 'Welk abonnement past bij mij?',
    suggestion: /Mega Pro 30 dekt uw verbruik en had u gemiddeld €\s\d+,\d\d per maand gekost, dat is €\s\d+,\d\d per maand minder/,
    choose: 'Mega Pro 30 kiezen',
  },
} as const;

/** Money as the page writes it: "15,40 €" in French, "€ 15,40" in Dutch (with a no-break space). */
export const euros = (lang: Lang, amount: string): string => (lang === 'fr' ? `${amount}\u00a0€` : `€\u00a0${amount}`);

/** Open a screen in a language (and for a line), and wait for its title. */
export const open = async (page: Page, path: string, lang: Lang) => {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
};

/** Sign in straight on a screen in a language (no home on the way), and wait for its title. */
export const signInAt = async (page: Page, who: DemoUserKey, path: string, lang: Lang) => {
  await signIn(page, who, { lang, path });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
};
