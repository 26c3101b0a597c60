import { demoUsers } from '#contract/fixtures/demo';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/offline-server.ts';
import { expectHome } from './page-models/login-page.ts';

// The switch is server-wide: on the worker's own server (fixtures/offline-server.ts), whose tests run one after the
// other, and switched off again whatever happens.
test('a 503 from the API shows the maintenance page, and retry returns once it is over', async ({ page, request }) => {
  await signIn(page, 'sophie');
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
