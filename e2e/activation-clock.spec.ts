import { demoSimOrders } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/offline-server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { alertDialog, waitForHomeAlerts } from './page-models/home-page.ts';
import { expectNothingSerious } from './fixtures/axe.ts';
import { ActivationPage, latestMail, newSale, setServerClock, type Lang } from './page-models/activation-page.ts';
import { runNow } from './fixtures/clock.ts';

/*
 * The activation flows that end on the server's clock (docs/product/activation.md "New number", "Number transfer": a
 * new number works within 2 hours, a transfer is answered within the hour): an unregistered customer's new number, a
 * transfer the other operator refuses, and Sophie's 0470000002 from the home modal, all followed until the
 * provisioning simulator has moved them on. In Dutch (the other activation flows run in French:
 * e2e/activation.spec.ts). A reference server of its own: it moves that server's clock and activates Sophie's demo
 * line, which the other specs expect ready to activate.
 */

const HOUR = 3_600_000;
const homeLink = { fr: 'Accueil', nl: 'Home', en: 'Home' } as const;

test.use({ ownServer: true });

// Widened: the texts below name both languages, so the spec can move to the other one.
const lang = 'nl' as Lang;

test(`a new number, a refused transfer and Sophie's home modal, followed until the clock has moved them on (${lang})`, async ({ page }) => {
  test.setTimeout(150_000);
  const request = page.request;
  const activation = new ActivationPage(page, lang);
  const another = page.getByRole('button', { name: /Suivre une autre commande|Een andere bestelling opvolgen/ });

  const newNumber = await newSale(request, 'ready', lang);
  await test.step('the unregistered customer asks for a new number', async () => {
    await activation.goto();
    await activation.open(newNumber.orderRef, newNumber.code);
    await activation.expectFollowUp(newNumber.orderRef);
    await activation.iccid.fill(newNumber.iccid);
    await activation.activateButton.click();
    await expect(page.getByText(activation.t.stage.inProgress, { exact: true })).toBeVisible();
    await expectNothingSerious(page, 'follow-up in progress');
  });

  const transfer = await newSale(request, 'ready', lang);
  await test.step('another asks for a transfer with an account number the other operator does not know', async () => {
    await another.click();
    await activation.open(transfer.orderRef, transfer.code);
    await activation.expectFollowUp(transfer.orderRef);
    await page.getByRole('radio', { name: activation.t.keepNumber }).check();
    await activation.iccid.fill(transfer.iccid);
    await page.getByLabel(activation.t.numberToTransfer).fill('0478123456');
    await page.getByRole('radio', { name: activation.t.subscription }).check();
    await page.getByLabel(activation.t.accountNumber).fill('AC999999');
    await page.getByRole('button', { name: activation.t.requestTransfer }).click();
    await expect(page.getByText(activation.t.stage.inProgress, { exact: true })).toBeVisible();
  });

  await test.step('an hour and a half later the refusal reaches the open screen by itself, and says why', async () => {
    await setServerClock(request, runNow() + 1.5 * HOUR);
    // The follow-up refreshes itself while the order is under way (every 20 s).
    await expect(page.getByText(activation.t.dataMismatch('0478 12 34 56'))).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(activation.t.stage.failed, { exact: true })).toBeVisible();
    await expect(activation.step(activation.t.stepPortInFailed)).toBeVisible();
    expect((await latestMail(request, transfer.email))?.subject).toBe(
      lang === 'fr' ? 'Le transfert de votre numéro n’a pas abouti' : 'De overdracht van uw nummer is niet gelukt',
    );
  });

  await test.step('the new number is active, and its customer got the e-mail', async () => {
    await another.click();
    await activation.open(newNumber.orderRef, newNumber.code);
    await activation.expectFollowUp(newNumber.orderRef);
    await expect(page.getByText(activation.t.stage.active, { exact: true })).toBeVisible();
    await expect(activation.step(activation.t.stepActive)).toBeVisible();
    await expect(activation.activateButton).toHaveCount(0);
    expect((await latestMail(request, newNumber.email))?.subject).toBe(lang === 'fr' ? 'Votre ligne est active' : 'Uw lijn is actief');
  });

  await test.step('Sophie activates 0470000002 from the home modal', async () => {
    await signIn(page, 'sophie', { lang, keepAlerts: true });
    const dialog = alertDialog(page, new RegExp(`^${activation.t.alertTitle}$`));
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: activation.t.alertAction }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${demoSimOrders.sophie.uuid}$`));
    await activation.expectFollowUp(demoSimOrders.sophie.orderRef);
    await expect(page.getByText(activation.t.stage.ready, { exact: true })).toBeVisible();
    await activation.iccid.fill(demoSimOrders.sophie.iccid);
    await activation.activateButton.click();
    await expect(page.getByText(activation.t.stage.inProgress, { exact: true })).toBeVisible();
  });

  await test.step('home follows the activation at once: no "SIM ready" modal left for the 15 minutes of its copy', async () => {
    await page.getByRole('navigation').getByRole('link', { name: homeLink[lang] }).first().click();
    await waitForHomeAlerts(page);
    await expect(alertDialog(page, new RegExp(`^${activation.t.alertTitle}$`))).toHaveCount(0);
    await page.goBack();
    await activation.expectFollowUp(demoSimOrders.sophie.orderRef);
  });

  await test.step('three hours later her line is active, on the follow-up and in her orders', async () => {
    await setServerClock(request, runNow() + 4.5 * HOUR);
    await activation.refresh.click();
    await expect(page.getByText(activation.t.stage.active, { exact: true })).toBeVisible();
    await expect(activation.step(activation.t.stepActive)).toBeVisible();
    await page.goto('/orders');
    const section = page.getByRole('region', { name: activation.t.ordersSection });
    await expect(section).toBeVisible();
    await expect(section.getByRole('link', { name: new RegExp(demoSimOrders.sophie.orderRef) })).toHaveAttribute(
      'href',
      `/orders/${demoSimOrders.sophie.uuid}`,
    );
    await expectNothingSerious(page, '/orders');
  });
});
