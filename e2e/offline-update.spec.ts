import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures/offline-server.ts';
import { onlineVisit } from './page-models/offline-app.ts';

/*
 * Update flow (docs/product/navigation.md "App updates"): a new build waits until the user accepts it, then the page
 * reloads into it.
 */

// It publishes a new build in place: on a server (and a copy of the build) of its own.
// The service worker finds the new build (e2e/fixtures/test.ts installs none by default).
test.use({ ownServer: true, serviceWorkers: 'allow' });

test('a new build triggers the update prompt; accepting it loads the new version', async ({ page, offlineServer }) => {
  await onlineVisit(page);
  await expect(page.locator('meta[name="app-build"]')).toHaveCount(0);

  // Publish a new build in place: a changed index.html, and a service worker whose precache lists it.
  const indexFile = path.join(offlineServer.staticDir, 'index.html');
  const swFile = path.join(offlineServer.staticDir, 'sw.js');
  fs.writeFileSync(indexFile, fs.readFileSync(indexFile, 'utf8').replace('<head>', '<head><meta name="app-build" content="2">'));
  fs.writeFileSync(
    swFile,
    fs.readFileSync(swFile, 'utf8').replace(/\{"revision":"[0-9a-f]+","url":"index.html"\}/, '{"revision":"build-2","url":"index.html"}'),
  );
  // The build's compressed copies of the two files are now stale: without them the server sends the new files raw.
  for (const file of [indexFile, swFile]) for (const copy of [`${file}.br`, `${file}.gz`]) fs.rmSync(copy, { force: true });

  // The browser looks for a new worker on navigation; it installs and waits.
  await page.reload();
  const prompt = page.getByRole('status').filter({ hasText: 'Une nouvelle version de l’application est disponible.' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('meta[name="app-build"]')).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.locator('meta[name="app-build"]')).toHaveAttribute('content', '2', { timeout: 20_000 });
  await expect(prompt).toHaveCount(0);
});
