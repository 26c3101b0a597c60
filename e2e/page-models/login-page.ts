import { expect, type Page } from '@playwright/test';
import { demoPassword } from '#contract/fixtures/demo';
import { dismissHomeAlerts } from './home-page.ts';

/** The login screen, found by role and accessible name in any of the three languages. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  get loginField() {
    return this.page.getByLabel(/Numéro client|Klantnummer|Customer number/);
  }

  get passwordField() {
    return this.page.getByLabel(/^(Mot de passe|Wachtwoord|Password)$/);
  }

  get submit() {
    return this.page.getByRole('button', { name: /^(Se connecter|Aanmelden|Log in)$/ });
  }

  async goto(query = '') {
    await this.page.goto(`/login${query}`);
    await expect(this.submit).toBeVisible();
  }

  /** "Later" on the PIN setup prompt that a touch device (the phone project) shows after a password login. */
  get pinLater() {
    return this.page.getByRole('button', { name: /^(Plus tard|Later)$/ });
  }

  /**
   * Submit the form. On a touch device a successful login first offers to set a PIN: `pin: 'later'` (the default)
   * puts it off so that the test continues where a desktop would; `pin: 'keep'` leaves the prompt on screen.
   */
  async login(login: string, password = demoPassword, options: { pin?: 'later' | 'keep' } = {}) {
    await this.loginField.fill(login);
    await this.passwordField.fill(password);
    await this.submit.click();
    if (options.pin === 'keep') return;
    // Wait until the form is done: the app left /login, the PIN prompt is up, or the form says why not.
    const outcome = await this.outcome();
    if (outcome === 'pin-setup') {
      await this.pinLater.click();
      await expect(this.page).not.toHaveURL(/\/login\/pin\/setup/);
    }
  }

  private async outcome(): Promise<'left' | 'pin-setup' | 'refused'> {
    let result: 'left' | 'pin-setup' | 'refused' | 'pending' = 'pending';
    // The server checks the password with scrypt and registers the device: on two cores shared with other browsers
    // and servers, that took over the default 7 s once.
    await expect
      .poll(
        async () => {
          const path = new URL(this.page.url()).pathname;
          if (path === '/login/pin/setup') result = 'pin-setup';
          else if (!path.startsWith('/login')) result = 'left';
          else if ((await this.page.getByRole('alert').count()) > 0 || (await this.page.locator('[aria-invalid="true"]').count()) > 0)
            result = 'refused';
          else result = 'pending';
          return result;
        },
        { timeout: 20_000 },
      )
      .not.toBe('pending');
    return result === 'pending' ? 'refused' : result;
  }
}

/** Wait until home shows the customer's name: the data came from the API through IndexedDB. */
export const expectHome = async (page: Page, fullName: string) => {
  // Home, whatever its query (`?lang=` of a link).
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('customer-name')).toContainText(fullName);
  // Home's alert modals (docs/product/home.md "Alert modals") cover the page for some customers: tests that use the
  // page close them first.
  await dismissHomeAlerts(page);
};

/** Open the logout confirmation: in the header on desktop, under "more" in the phone's tab bar. */
export const openLogout = async (page: Page, label: RegExp) => {
  const more = page.getByRole('navigation').getByRole('button', { name: /^(Plus|Meer|More)$/ });
  if (await more.isVisible()) await more.click();
  await page.getByRole('button', { name: label }).click();
  return page.getByRole('dialog').filter({ has: page.getByRole('heading') });
};
