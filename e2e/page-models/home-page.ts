import { expect, type Page } from '@playwright/test';

/**
 * The alert modals of home (docs/product/home.md "Alert modals"), by role and accessible name in the three languages.
 */
export const alertTitles = {
  activateSim: /^(Votre carte SIM est prête|Uw simkaart is klaar|Your SIM card is ready)$/,
  // A line blocked for it, past due (docs/product/invoices.md "Urgent payment"), or still to pay before its due date.
  invoiceSituation:
    /^(Ligne bloquée : facture impayée|Lijn geblokkeerd: onbetaalde factuur|Line blocked: unpaid invoice|Facture impayée|Onbetaalde factuur|Unpaid invoice|Facture à payer|Te betalen factuur|Invoice to pay)$/,
  overspentLimit: /^(Limite hors forfait atteinte|Limiet buiten bundel bereikt|Out-of-bundle limit reached)$/,
} as const;

export const closeLabel = /^(Fermer|Sluiten|Close)$/;

/** Home has decided which alerts to show: the data they depend on was fetched (or could not be). */
export const waitForHomeAlerts = async (page: Page) => {
  await expect(page.getByTestId('home-alerts')).toHaveAttribute('data-state', 'settled', { timeout: 15_000 });
};

export const alertDialog = (page: Page, title: RegExp) => page.getByRole('alertdialog', { name: title });

/** Close every alert modal home shows, one after the other, so a test can use the page underneath. */
export const dismissHomeAlerts = async (page: Page) => {
  await waitForHomeAlerts(page);
  for (let i = 0; i < 3; i++) {
    const dialog = page.getByRole('alertdialog');
    if ((await dialog.count()) === 0) return;
    const title = await dialog.getByRole('heading').innerText();
    await dialog.getByRole('button', { name: closeLabel }).click();
    await expect(page.getByRole('alertdialog', { name: title })).toHaveCount(0);
  }
};
