import { expect, type Page } from '@playwright/test';

/*
 * Paying online (docs/product/payments.md): the « Payer maintenant » buttons of the app and the stand-in payment
 * provider's checkout (/psp-stand-in/), by role and accessible name.
 */

export const payNowTexts = {
  fr: {
    payNow: 'Payer maintenant',
    payInvoice: /^Payer maintenant la facture /,
    payTotal: /^Payer maintenant \d+,\d{2}\s€$/,
    outcome: 'Votre paiement',
    failed: /^Le paiement a échoué\s: votre facture reste ouverte\. Réessayez ou payez par virement\.$/,
    paid: /^Paiement de \d+,\d{2}\s€ reçu, merci\s! Réglé\s: .+\. Un reçu vous est envoyé par e-mail\.$/,
    pendingOffline:
      /^Paiement en cours de confirmation\s: vous êtes hors ligne\. Votre facture sera mise à jour dès le retour du réseau\.$/,
    offline: /^Le paiement en ligne demande une connexion internet\s: réessayez une fois en ligne, ou payez par virement\.$/,
  },
  nl: {
    payNow: 'Nu betalen',
    payInvoice: /^Nu betalen: factuur /,
    payTotal: /^Nu betalen: €\s\d+,\d{2}$/,
    outcome: 'Uw betaling',
    failed: /^De betaling is mislukt: uw factuur blijft open\. Probeer opnieuw of betaal via overschrijving\.$/,
    paid: /^Betaling van €\s\d+,\d{2} ontvangen, bedankt! Betaald: .+\. U krijgt een ontvangstbewijs per e-mail\.$/,
    pendingOffline: /^Betaling wordt bevestigd: u bent offline\. Uw factuur wordt bijgewerkt zodra u weer online bent\.$/,
    offline: /^Online betalen vraagt een internetverbinding: probeer het opnieuw zodra u online bent, of betaal via overschrijving\.$/,
  },
} as const;

export type Outcome = 'paid' | 'failed' | 'canceled' | 'expired';

/** The stand-in's checkout: the payment method first, then the outcome (as Mollie's test mode) and Continue. */
export class StandInCheckout {
  constructor(private readonly page: Page) {}

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/psp-stand-in\/checkout\/tr_[A-Za-z0-9]+$/);
  }

  /** The provider's id of the payment on screen (tr_…). */
  paymentId(): string {
    return new URL(this.page.url()).pathname.split('/').pop() ?? '';
  }

  async chooseMethod(name: 'Bancontact' | 'Payconiq' | 'Visa / Mastercard' | 'KBC/CBC' | 'Belfius') {
    await this.page.getByRole('button', { name, exact: true }).click();
    await expect(this.page.getByRole('radio', { name: 'paid', exact: true })).toBeVisible();
  }

  async chooseOutcome(outcome: Outcome) {
    await this.page.getByRole('radio', { name: outcome, exact: true }).check();
  }

  async continue() {
    await this.page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
}
