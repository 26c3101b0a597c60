import { expect, type Page } from '@playwright/test';
import { demoPassword } from '#contract/fixtures/demo';

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

  async login(login: string, password = demoPassword) {
    await this.loginField.fill(login);
    await this.passwordField.fill(password);
    await this.submit.click();
  }
}

/** Wait until home shows the customer's name: the data came from the API through IndexedDB. */
export const expectHome = async (page: Page, fullName: string) => {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('customer-name')).toContainText(fullName);
};

/** Open the logout confirmation: in the header on desktop, under "more" in the phone's tab bar. */
export const openLogout = async (page: Page, label: RegExp) => {
  const more = page.getByRole('navigation').getByRole('button', { name: /^(Plus|Meer|More)$/ });
  if (await more.isVisible()) await more.click();
  await page.getByRole('button', { name: label }).click();
  return page.getByRole('dialog').filter({ has: page.getByRole('heading') });
};
