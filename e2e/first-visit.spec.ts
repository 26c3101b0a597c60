import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/test.ts';

/*
 * Home's first visit on a device (issue 41, docs/architecture.md "Start-up"): a navigation to home with a live
 * session's cookie and nothing stored gets home drawn by the server with the customer's own figures, as their own
 * page only: `private, no-store`, and never another session's.
 */

test.describe('home drawn by the server for a first visit', () => {
  test('is the customer’s own page, never cached, never another session’s', async ({ browser, baseURL }) => {
    const sessionOf = async (login: string) => {
      const context = await browser.newContext({ baseURL });
      const response = await context.request.post('/api/public/users/login', { data: { login, password: demoPassword } });
      expect(response.status()).toBe(200);
      return context;
    };
    const sophie = await sessionOf(demoUsers.sophie.logins[0]);
    const marc = await sessionOf(demoUsers.marc.logins[0]);
    const stranger = await browser.newContext({ baseURL });
    try {
      const forSophie = await sophie.request.get('/');
      expect(forSophie.headers()['cache-control']).toBe('private, no-store');
      expect(forSophie.headers()['vary']).toMatch(/Cookie/);
      const sophiePage = await forSophie.text();
      expect(sophiePage).toContain(demoUsers.sophie.name);
      expect(sophiePage).toContain('0470 00 00 01');
      expect(sophiePage).toContain('<script type="application/json" id="first-answers">');

      const marcPage = await (await marc.request.get('/')).text();
      expect(marcPage).toContain(demoUsers.marc.name);
      expect(marcPage).not.toContain(demoUsers.sophie.name);
      expect(marcPage).not.toContain('0470 00 00 01');

      // The server's render of the page is its own code, never a file of the app.
      expect((await stranger.request.get('/ssr/first-visit.js')).status()).toBe(404);
      // Without a session, or with one that is no longer valid: the shell, which may be cached and revalidated.
      const shell = await stranger.request.get('/');
      expect(shell.headers()['cache-control']).toBe('no-cache');
      expect(await shell.text()).not.toContain('first-answers');
      await stranger.addCookies([{ name: 'access_token', value: 'not-a-token', url: baseURL! }]);
      const forged = await stranger.request.get('/');
      expect(await forged.text()).not.toContain(demoUsers.sophie.name);
      // After a logout, Sophie's cookie no longer draws her page.
      expect((await sophie.request.post('/api/user/logout', { headers: { Origin: baseURL! }, data: {} })).status()).toBeLessThan(300);
      expect(await (await sophie.request.get('/')).text()).not.toContain(demoUsers.sophie.name);
    } finally {
      await Promise.all([sophie.close(), marc.close(), stranger.close()]);
    }
  });

  test.describe('before the app runs', () => {
    test.use({ javaScriptEnabled: false });

    test('the first paint has the figures, the lines and the due alert', async ({ page }) => {
      const response = await page.request.post('/api/public/users/login', {
        data: { login: demoUsers.sophie.logins[0], password: demoPassword },
      });
      expect(response.status()).toBe(200);
      await page.goto('/');
      await expect(page.getByTestId('customer-name')).toHaveText(demoUsers.sophie.name);
      // The data gauge's figure: what remains of the bundle, with its unit.
      await expect(page.locator('[elementtiming="own-figures"]').first()).toHaveText(/^\d+(,\d+)?\s+Go$/);
      await expect(page.locator('section[aria-labelledby="contracts-title"] li')).toHaveCount(2);
      await expect(page.getByRole('alertdialog', { name: 'Votre carte SIM est prête' })).toBeVisible();
    });
  });

  test('the app takes over the drawn page: the same screen, then its own alert modal', async ({ page }) => {
    const response = await page.request.post('/api/public/users/login', {
      data: { login: demoUsers.sophie.logins[0], password: demoPassword },
    });
    expect(response.status()).toBe(200);
    await page.goto('/');
    await expect(page.locator('#root')).not.toHaveAttribute('data-snapshot');
    await expect(page.getByTestId('home-alerts')).toHaveAttribute('data-state', 'settled');
    // One alert dialog: the app's own (the painted one gone), which the customer can close.
    const dialog = page.getByRole('alertdialog', { name: 'Votre carte SIM est prête' });
    await expect(dialog).toHaveCount(1);
    await expect(page.locator('[data-first-alert]')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('customer-name')).toHaveText(demoUsers.sophie.name);
  });
});
