import { expect, test } from '@playwright/test';
import { demoUsers } from '#contract/fixtures/demo';
import { expectHome, LoginPage } from './page-models/login-page.ts';

// Runs in its own project after the others: the switch is server-wide.
test('a 503 from the API shows the maintenance page, and retry returns once it is over', async ({ page, request }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(demoUsers.sophie.logins[0]);
  await expectHome(page, demoUsers.sophie.name);
  try {
    expect((await request.post('/api/test/maintenance', { data: { on: true } })).ok()).toBe(true);
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maintenance en cours');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page).toHaveURL(/\/maintenance$/);
  } finally {
    await request.post('/api/test/maintenance', { data: { on: false } });
  }
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expectHome(page, demoUsers.sophie.name);
});
