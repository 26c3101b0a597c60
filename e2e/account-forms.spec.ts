import { demoUsers } from '#contract/fixtures/demo';
import { decidedConsent } from './fixtures/consent.ts';
import { expect, test } from './fixtures/offline-server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expectHome, LoginPage } from './page-models/login-page.ts';
import { newContextOnRunClock } from './fixtures/clock.ts';

/*
 * The contact form and the language of a link, in Dutch (Marc), on the worker's server of the offline specs (its
 * edits stay off the main server): phones as people type them, a landline in "Telefoon", an outcome that follows the
 * latest attempt, an e-mail change that waits for its confirmation, and ?lang= that never changes the account's
 * language. The form's checks in French: tests/features/screens/contact-form.test.tsx.
 */

test('phones typed with spaces and a landline are stored in their national form, +32 is refused with its reason; a new attempt clears the previous outcome', async ({
  page,
}) => {
  await signIn(page, 'marc', { path: '/settings/contact' });
  const form = page.getByRole('form', { name: 'Mijn contactgegevens' });
  const mobile = form.getByLabel('Gsm', { exact: true });
  const phone = form.getByLabel('Telefoon', { exact: true });
  await expect(form.getByLabel('Voornaam', { exact: true })).not.toHaveValue('');
  // The hint shows the national form (docs/product/validation.md "Phone numbers").
  await expect(mobile).toHaveAccessibleDescription('Belgische gsm: 10 cijfers die met 04 beginnen, zonder +32, bv. 0470 12 34 56');

  await mobile.fill('+32 470 12 34 56');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Belgisch gsm-nummer van 10 cijfers dat begint met 04, zonder +32.')).toBeVisible();

  await mobile.fill('0470 12 34 56');
  await phone.fill('02 123 45 67');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  const saved = page.getByText('Uw contactgegevens zijn opgeslagen.');
  await expect(saved).toBeVisible();
  await page.reload();
  await expect(mobile).toHaveValue('0470123456');
  await expect(phone).toHaveValue('021234567');

  await mobile.fill('0470 98 76 54');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(saved).toBeVisible();
  await expect(mobile).toHaveValue('0470987654');
  // The next attempt is refused: the earlier "saved" goes, the reason shows at the field.
  await mobile.fill('12345');
  // Editing the field already retires the earlier outcome; submitting (Enter) shows why the value is refused.
  await expect(saved).toHaveCount(0);
  await mobile.press('Enter');
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(saved).toHaveCount(0);
  await expect(mobile).toHaveValue('12345');
});

test('a changed e-mail address waits for its confirmation link, which can be sent again', async ({ page }) => {
  await signIn(page, 'marc', { path: '/settings/contact' });
  const form = page.getByRole('form', { name: 'Mijn contactgegevens' });
  await expect(form.getByLabel('Voornaam', { exact: true })).not.toHaveValue('');
  await form.getByLabel('E-mailadres', { exact: true }).fill('marc.nieuw@example.be');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Uw nieuwe adres marc.nieuw@example.be is nog niet bevestigd' });
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: 'Link opnieuw sturen' }).click();
  await expect(page.getByText('We hebben de link opnieuw naar marc.nieuw@example.be gestuurd.')).toBeVisible();
});

test('?lang= in a link shows that language on this device only; the account keeps its own', async ({ page, browser, baseURL }) => {
  // Sophie's account is in French; a link in Dutch shows Dutch here.
  await signIn(page, 'sophie', { lang: 'nl' });
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).first().getByRole('link', { name: 'Verbruik' })).toBeVisible();

  // Another device signs in through the form, which shows the account's language: French, unchanged.
  const other = await newContextOnRunClock(browser, { baseURL, storageState: decidedConsent });
  const otherPage = await other.newPage();
  const otherLogin = new LoginPage(otherPage);
  await otherLogin.goto();
  await otherLogin.login(demoUsers.sophie.logins[0]);
  await expectHome(otherPage, demoUsers.sophie.name);
  await expect(
    otherPage
      .getByRole('navigation', { name: 'Navigation principale' })
      .first()
      .getByRole('link', { name: /^Conso/ }),
  ).toBeVisible();
  await other.close();
});
