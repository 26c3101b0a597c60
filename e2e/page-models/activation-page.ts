import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * The SIM activation screens (/orders/activate, /orders/{uuid}) by role and accessible name in French and Dutch,
 * and the test-mode switches they need: a fresh SIM sale per test, the server's clock, the development outbox.
 */

export type Lang = 'fr' | 'nl';

export type Sale = {
  orderRef: string;
  code: string;
  iccid: string;
  uuid: string;
  customerNumber: string;
  msisdn: string;
  email: string;
  birthDate: string;
  idCardNumber: string;
  nationalNumber: string;
};

/** A SIM sale of its own to a new customer without an account (test mode), in the state the test needs. */
export const newSale = async (request: APIRequestContext, state: 'ready' | 'identification', language: Lang): Promise<Sale> => {
  const response = await request.post('/api/test/activation/sim-sales', { data: { state, language } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Sale;
};

/** Moves the server's clock to `at` (epoch ms), which runs the jobs that became due, or back to real time. */
export const setServerClock = async (request: APIRequestContext, at: number | null): Promise<void> => {
  const response = await request.post('/api/test/clock', { data: { now: at === null ? null : new Date(at).toISOString() } });
  expect(response.ok()).toBe(true);
};

/** The newest e-mail to an address in the development outbox (test mode). */
export const latestMail = async (request: APIRequestContext, to: string): Promise<{ subject: string | null; body: string } | undefined> => {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: { subject: string | null; body: string }[] };
  return messages[0];
};

/** A 2×2 PNG: a photo the browser can preview. */
export const photo = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOI1moDIgYIBQAclgQtwuSwfQAAAABJRU5ErkJggg==', 'base64'),
});

const text = {
  fr: {
    identifier: 'Numéro de commande, numéro client ou numéro de GSM',
    code: 'Code d’activation',
    continue: 'Continuer',
    resend: 'M’envoyer le code à nouveau',
    iccid: 'Numéro de la carte SIM',
    activate: 'Activer ma carte SIM',
    keepNumber: /^Garder mon numéro actuel/,
    numberToTransfer: 'Numéro à transférer',
    subscription: 'Un abonnement',
    accountNumber: 'Numéro de client chez votre opérateur actuel',
    requestTransfer: 'Demander le transfert',
    refresh: 'Actualiser',
    documentType: 'Carte d’identité belge',
    cardNumber: 'Numéro de la carte d’identité',
    nationalNumber: 'Numéro de registre national',
    takePhoto: 'Prendre une photo',
    chooseFiles: 'Choisir des fichiers',
    preview: (name: string) => `Aperçu de ${name}`,
    sendDocuments: 'Envoyer mes documents',
    onlineOnly: 'Cette action nécessite une connexion internet.',
    timeline: 'Étapes de la commande',
    stage: {
      active: 'Active',
      inProgress: 'Activation en cours',
      failed: 'Échec',
      validation: 'Vérification en cours',
      identification: 'Identification requise',
      ready: 'À activer',
      returned: 'Carte SIM revenue',
    },
    stepActive: 'Ligne active',
    stepPortInFailed: 'Transfert refusé',
    documentsSent: 'Vos documents ont bien été reçus.',
    wrongCode: 'Code d’activation incorrect.',
    resent: /^Si une commande correspond, un nouveau code vient d’être envoyé/,
    tooMany:
      'Trop de demandes d’activation : les données ne correspondent pas. Appelez le service clientèle au 0800 12 345 ou réessayez dans 30 minutes.',
    dataMismatch: (number: string) =>
      `Votre opérateur actuel a refusé le transfert : il connaît le numéro ${number}, mais pas avec le numéro de client ou de carte SIM donné.`,
    returnedText: /Votre carte SIM n’a pas pu être livrée et nous est revenue/,
    alertTitle: 'Votre carte SIM est prête',
    alertAction: 'Activer ma carte SIM',
    ordersSection: 'Activation de mes cartes SIM',
  },
  nl: {
    identifier: 'Bestelnummer, klantnummer of gsm-nummer',
    code: 'Activeringscode',
    continue: 'Doorgaan',
    resend: 'Stuur mij de code opnieuw',
    iccid: 'Nummer van de simkaart',
    activate: 'Mijn simkaart activeren',
    keepNumber: /^Mijn huidige nummer behouden/,
    numberToTransfer: 'Over te zetten nummer',
    subscription: 'Een abonnement',
    accountNumber: 'Klantnummer bij uw huidige operator',
    requestTransfer: 'Overdracht aanvragen',
    refresh: 'Vernieuwen',
    documentType: 'Belgische identiteitskaart',
    cardNumber: 'Nummer van de identiteitskaart',
    nationalNumber: 'Rijksregisternummer',
    takePhoto: 'Een foto nemen',
    chooseFiles: 'Bestanden kiezen',
    preview: (name: string) => `Voorbeeld van ${name}`,
    sendDocuments: 'Mijn documenten versturen',
    onlineOnly: 'Voor deze actie is een internetverbinding nodig.',
    timeline: 'Stappen van de bestelling',
    stage: {
      active: 'Actief',
      inProgress: 'Activering bezig',
      failed: 'Mislukt',
      validation: 'Controle bezig',
      identification: 'Identificatie nodig',
      ready: 'Te activeren',
      returned: 'Simkaart teruggekomen',
    },
    stepActive: 'Lijn actief',
    stepPortInFailed: 'Overdracht geweigerd',
    documentsSent: 'Uw documenten zijn goed ontvangen.',
    wrongCode: 'Onjuiste activeringscode.',
    resent: /^Als er een bestelling overeenkomt, is er net een nieuwe code/,
    tooMany:
      'Te veel activeringsaanvragen: de gegevens komen niet overeen. Bel de klantendienst op 0800 12 345 of probeer opnieuw over 30 minuten.',
    dataMismatch: (number: string) =>
      `Uw huidige operator heeft de overdracht geweigerd: hij kent nummer ${number}, maar niet met het opgegeven klant- of simkaartnummer.`,
    returnedText: /Uw simkaart kon niet geleverd worden/,
    alertTitle: 'Uw simkaart is klaar',
    alertAction: 'Mijn simkaart activeren',
    ordersSection: 'Activering van mijn simkaarten',
  },
} as const;

export class ActivationPage {
  readonly t: (typeof text)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.t = text[lang];
  }

  async goto(query = '') {
    await this.page.goto(`/orders/activate?lang=${this.lang}${query}`);
    await expect(this.continueButton).toBeVisible();
  }

  get identifier() {
    return this.page.getByLabel(this.t.identifier);
  }

  get code() {
    return this.page.getByLabel(this.t.code, { exact: true });
  }

  get continueButton() {
    return this.page.getByRole('button', { name: this.t.continue });
  }

  async open(identifier: string, code: string) {
    await this.identifier.fill(identifier);
    await this.code.fill(code);
    await this.continueButton.click();
  }

  /** The follow-up's stage badge and title. */
  async expectFollowUp(orderRef: string) {
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(orderRef);
  }

  get timeline() {
    return this.page.getByRole('list', { name: this.t.timeline });
  }

  /** A step of the timeline by its label, with its state (done, current, upcoming, failed). */
  step(label: string | RegExp) {
    return this.timeline.getByRole('listitem').filter({ hasText: label });
  }

  get refresh() {
    return this.page.getByRole('button', { name: this.t.refresh });
  }

  get iccid() {
    return this.page.getByLabel(this.t.iccid, { exact: true });
  }

  get activateButton() {
    return this.page.getByRole('button', { name: this.t.activate });
  }

  get onlineOnly() {
    // The one shown with the form (the navigation's energy entry carries the same words, visually hidden).
    return this.page.locator('p').getByText(this.t.onlineOnly, { exact: true });
  }
}
