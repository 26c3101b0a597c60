import { demoUsers } from '#contract/fixtures/demo';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { expectHome, LoginPage, openLogout } from './page-models/login-page.ts';
import { indexedDbCounts } from './page-models/auth-pages.ts';

/*
 * Signing in through the form (every login kind, the refusals, the redirect back), and what a signed-in customer
 * sees first. The tests that are not about the form sign in through the API (e2e/fixtures/sign-in.ts).
 */

const cases = [
  {
    who: 'Sophie by customer number',
    login: demoUsers.sophie.logins[0],
    name: demoUsers.sophie.name,
    numbers: ['0470 00 00 01', '0470 00 00 02'],
  },
  { who: 'Sophie by e-mail', login: demoUsers.sophie.logins[1], name: demoUsers.sophie.name, numbers: ['0470 00 00 01'] },
  { who: 'Sophie by energy number', login: demoUsers.sophie.logins[2], name: demoUsers.sophie.name, numbers: ['0470 00 00 01'] },
  { who: 'Lucas (plain user) by phone', login: demoUsers.lucas.logins[0], name: demoUsers.lucas.name, numbers: ['0470 00 00 03'] },
  { who: 'Marc by customer number', login: demoUsers.marc.logins[0], name: demoUsers.marc.name, numbers: ['0470 00 00 04'] },
  {
    who: 'Emma by e-mail',
    login: demoUsers.emma.logins[1],
    name: demoUsers.emma.name,
    numbers: ['0470 00 00 03', '0470 00 00 05', '0470 00 00 06'],
  },
  { who: 'Yasmine by customer number', login: demoUsers.yasmine.logins[0], name: demoUsers.yasmine.name, numbers: ['0470 00 00 07'] },
];

for (const c of cases) {
  test(`${c.who} logs in and sees home with their contracts`, async ({ page }) => {
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await loginPage.login(c.login);
    await expectHome(page, c.name);
    // In home's content: the header's line switcher shows the selected number too.
    for (const number of c.numbers) await expect(page.getByRole('main').getByText(number, { exact: true })).toBeVisible();
  });
}

test('a plain user logs in with the number typed with spaces (never +32) and sees only its own contract', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await expect(loginPage.loginField).toHaveAccessibleDescription('Par exemple MT00000001 ou 0470 12 34 56');
  // docs/product/validation.md "Login identifier": the national form only, and the message says what to drop.
  await loginPage.login('+32 470 00 00 03');
  await expect(loginPage.loginField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Numéro de GSM belge de 10 chiffres commençant par 04, sans +32.')).toBeVisible();
  await loginPage.login('0470 00 00 03');
  await expectHome(page, demoUsers.lucas.name);
  await expect(page.getByRole('list').filter({ hasText: '0470 00 00 03' }).getByRole('listitem')).toHaveCount(1);
  // Lucas's account speaks Dutch.
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('contract statuses are labelled', async ({ page }) => {
  await signIn(page, 'sophie');
  const active = page.getByRole('listitem').filter({ hasText: '0470 00 00 01' });
  await expect(active.getByText('Active', { exact: true })).toBeVisible();
  const toActivate = page.getByRole('listitem').filter({ hasText: '0470 00 00 02' });
  await expect(toActivate.getByText('Carte SIM à activer', { exact: true })).toBeVisible();
});

test('a wrong password gets the 401 message in the page language', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=nl');
  await loginPage.login(demoUsers.sophie.logins[0], 'Wrong!2026');
  await expect(page.getByRole('alert')).toHaveText(/Onjuiste aanmeldgegevens/);
  await expect(page).toHaveURL(/\/login/);
});

test('the legacy account gets the 403 message', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(demoUsers.legacy.logins[0]);
  await expect(page.getByRole('alert')).toHaveText(/n’est lié à aucun client/);
});

test('bad input is explained next to the field and nothing is sent', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=en');
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/users/login')) requests += 1;
  });
  await loginPage.login('MT123', 'x');
  await expect(loginPage.loginField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Enter a customer number \(MT \+ 8 digits\)/)).toBeVisible();
  expect(requests).toBe(0);
});

test('a guarded route redirects to login with the full path and returns after login', async ({ page }) => {
  await page.goto('/consumption/details?contractId=1&foo=bar');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fconsumption%2Fdetails%3FcontractId%3D1%26foo%3Dbar/);
  const loginPage = new LoginPage(page);
  await loginPage.login(demoUsers.sophie.logins[0]);
  await expect(page).toHaveURL(/\/consumption\/details\?contractId=1&foo=bar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Détail de la consommation');
});

test('a plain user gets not-found on the owner-only link-accounts page', async ({ page }) => {
  await signIn(page, 'lucas', { path: '/offers/link-accounts' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
});

test('an owner opens the link-accounts page', async ({ page }) => {
  // Yasmine's energy account is not linked yet (Sophie's is, and her link page sends her home).
  await signIn(page, 'yasmine', { path: '/offers/link-accounts' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lier mon compte énergie');
});

test('?lang=nl switches the page and <html lang>', async ({ page }) => {
  await page.goto('/login?lang=nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aanmelden');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.goto('/login?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown path shows not-found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
});

// The logout is in the header on a desktop and under "more" in the phone's tab bar: both sizes.
test('logout asks for confirmation and leaves no customer data in IndexedDB', { tag: '@desktop' }, async ({ page }) => {
  await signIn(page, 'marc');
  const dialog = await openLogout(page, /^Afmelden$/);
  await expect(dialog.getByRole('heading')).toHaveText('Afmelden?');
  await dialog.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const counts = await indexedDbCounts(page);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2F/);
});
