import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, withServiceWorker } from './fixtures/test.ts';
import { demoSimOrders } from '#contract/fixtures/demo';
import { expectNothingSerious } from './fixtures/axe.ts';
import { ActivationPage, latestMail, newSale, photo, type Lang } from './page-models/activation-page.ts';

/*
 * SIM activation without login on the shared server (docs/product/activation.md "Finding the order",
 * "Identification", "Activation messages"): the code and its throttle, the identification with two photos, the demo
 * orders that failed or came back, and the online-only rule. Every test that changes an order makes a SIM sale of its
 * own, so the demo data stays as the README describes it. The flows that need the server's clock moved are in
 * activation-clock.spec.ts (a server of their own). Each scenario in one language, French or Dutch; the choice form's
 * checks in Dutch: tests/features/screens/activation-choice.test.tsx.
 */

const setOffline = async (context: BrowserContext, page: Page, offline: boolean) => {
  await context.setOffline(offline);
  await page.evaluate((value) => window.dispatchEvent(new Event(value ? 'offline' : 'online')), offline);
};

test.describe('activation', () => {
  test(`a wrong code three times blocks the order 30 minutes, even with the right code (nl)`, async ({ page, request }) => {
    const lang = 'nl' as Lang;
    const sale = await newSale(request, 'ready', lang);
    const activation = new ActivationPage(page, lang);
    await activation.goto();
    const wrong = sale.code === '000000' ? '111111' : '000000';

    for (let attempt = 1; attempt <= 2; attempt++) {
      await activation.open(sale.orderRef, wrong);
      await expect(page.getByText(activation.t.wrongCode)).toBeVisible();
    }
    await activation.open(sale.orderRef, wrong);
    await expect(page.getByText(activation.t.tooMany)).toBeVisible();
    // Blocked: the right code is refused too, and nothing typed is lost.
    await activation.code.fill(sale.code);
    await activation.continueButton.click();
    await expect(page.getByText(activation.t.tooMany)).toBeVisible();
    await expect(activation.identifier).toHaveValue(sale.orderRef);
    await expect(activation.code).toHaveValue(sale.code);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(sale.orderRef);
  });

  test(`"send me the code again" e-mails a new code that replaces the old one (fr)`, async ({ page, request }) => {
    const lang = 'fr' as Lang;
    const sale = await newSale(request, 'ready', lang);
    const activation = new ActivationPage(page, lang);
    await activation.goto();
    await activation.identifier.fill(sale.orderRef);
    await page.getByRole('button', { name: activation.t.resend }).click();
    await expect(page.getByText(activation.t.resent)).toBeVisible();
    const mail = await latestMail(request, sale.email);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    if (code !== sale.code) {
      await activation.open(sale.orderRef, sale.code);
      await expect(page.getByText(activation.t.wrongCode)).toBeVisible();
    }
    await activation.open(sale.orderRef, code ?? '');
    await activation.expectFollowUp(sale.orderRef);
  });

  test(`identification with two photos of the ID card, then the order waits for our check (nl)`, async ({ page, request }) => {
    const lang = 'nl' as Lang;
    const sale = await newSale(request, 'identification', lang);
    const activation = new ActivationPage(page, lang);
    await activation.goto();
    await activation.open(sale.customerNumber, sale.code);
    await activation.expectFollowUp(sale.orderRef);
    await expect(page.getByText(activation.t.stage.identification, { exact: true })).toBeVisible();
    await expectNothingSerious(page, 'identification form');

    await page.getByRole('radio', { name: activation.t.documentType }).check();
    await page.getByLabel(activation.t.cardNumber).fill(sale.idCardNumber);
    await page.getByLabel(activation.t.nationalNumber).fill(sale.nationalNumber);
    await page.getByLabel(activation.t.chooseFiles).setInputFiles([photo('recto.png'), photo('verso.png')]);
    // Both photos are previewed before they leave the phone.
    await expect(page.getByRole('img', { name: activation.t.preview('recto.png') })).toBeVisible();
    await expect(page.getByRole('img', { name: activation.t.preview('verso.png') })).toBeVisible();

    await page.getByRole('button', { name: activation.t.sendDocuments }).click();
    await expect(page.getByText(activation.t.stage.validation, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: activation.t.sendDocuments })).toHaveCount(0);
    await expect(activation.step(/Documents d’identité envoyés|Identiteitsdocumenten verstuurd/)).toBeVisible();
  });

  test(
    `offline, the identification waits with the reason and keeps what was typed and chosen (fr)`,
    { tag: withServiceWorker },
    async ({ page, context, request }) => {
      const lang = 'fr' as Lang;
      const sale = await newSale(request, 'identification', lang);
      const activation = new ActivationPage(page, lang);
      await activation.goto();
      await activation.open(sale.orderRef, sale.code);
      await activation.expectFollowUp(sale.orderRef);

      await page.getByLabel(activation.t.cardNumber).fill(sale.idCardNumber);
      await page.getByLabel(activation.t.nationalNumber).fill(sale.nationalNumber);
      await page.getByLabel(activation.t.chooseFiles).setInputFiles([photo('recto.png'), photo('verso.png')]);
      await setOffline(context, page, true);
      const send = page.getByRole('button', { name: activation.t.sendDocuments });
      await expect(send).toBeDisabled();
      await expect(activation.onlineOnly).toBeVisible();
      // The follow-up stays readable offline.
      await expect(activation.timeline).toBeVisible();

      await setOffline(context, page, false);
      await expect(send).toBeEnabled();
      await expect(page.getByLabel(activation.t.cardNumber)).toHaveValue(sale.idCardNumber);
      await expect(page.getByRole('img', { name: activation.t.preview('verso.png') })).toBeVisible();
      await send.click();
      await expect(page.getByText(activation.t.stage.validation, { exact: true })).toBeVisible();
    },
  );

  test(`the demo's failed transfer says why, and the returned SIM says what to do (nl)`, async ({ page }) => {
    const lang = 'nl' as Lang;
    const activation = new ActivationPage(page, lang);
    await activation.goto();
    await activation.open(demoSimOrders.failedPortIn.orderRef, demoSimOrders.failedPortIn.code);
    await activation.expectFollowUp(demoSimOrders.failedPortIn.orderRef);
    await expect(page.getByText(activation.t.stage.failed, { exact: true })).toBeVisible();
    await expect(page.getByText(activation.t.dataMismatch('0478 12 34 56'))).toBeVisible();
    await expect(activation.step(activation.t.stepPortInFailed)).toBeVisible();
    // The customer can try again: the choice form is there, with the number kept.
    await expect(page.getByLabel(activation.t.numberToTransfer)).toHaveValue('0478123456');
    await expectNothingSerious(page, 'failed transfer');

    await page.getByRole('button', { name: /Suivre une autre commande|Een andere bestelling opvolgen/ }).click();
    await activation.open(demoSimOrders.returned.orderRef, demoSimOrders.returned.code);
    await activation.expectFollowUp(demoSimOrders.returned.orderRef);
    await expect(page.getByText(activation.t.stage.returned, { exact: true })).toBeVisible();
    await expect(page.getByText(activation.t.returnedText)).toBeVisible();
    await expect(activation.activateButton).toHaveCount(0);
  });

  test(`the activation screen is accessible, and a transfer's fields are checked before anything is sent (fr)`, async ({
    page,
    request,
  }) => {
    const lang = 'fr' as Lang;
    const activation = new ActivationPage(page, lang);
    await activation.goto();
    await expectNothingSerious(page, '/orders/activate');
    const sale = await newSale(request, 'ready', lang);
    await activation.open(sale.msisdn, sale.code);
    await activation.expectFollowUp(sale.orderRef);
    await expect(page.getByText(activation.t.stage.ready, { exact: true })).toBeVisible();
    await expectNothingSerious(page, 'activation choice');

    await page.getByRole('radio', { name: activation.t.keepNumber }).check();
    await activation.iccid.fill('8932010000000000001');
    await page.getByLabel(activation.t.numberToTransfer).fill('0278');
    await page.getByRole('button', { name: activation.t.requestTransfer }).click();
    await expect(activation.iccid).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(activation.t.numberToTransfer)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(activation.t.stage.ready, { exact: true })).toBeVisible();
  });
});
