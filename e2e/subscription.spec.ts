import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { expectNothingSerious } from './fixtures/axe.ts';
import { open, signInAt, words, type Lang } from './page-models/subscription-pages.ts';

/*
 * The subscription screens on the shared server, read only (docs/product/subscription.md "The subscription screen",
 * "Who may change a subscription"; docs/product/roles.md "Plain user"): Emma's line blocked for fraud is sent back
 * from optimize with the reason (and home says it is blocked), Lucas (a plain user) sees his plan and is told to
 * contact the account holder, and the plan comparison suggests a cheaper plan for Emma's 0470000005, whose unlimited
 * plan is used for 10 to 30 GB a month; each in French or in Dutch. The changes (orders) are in orders.spec.ts, on
 * the offline specs' servers.
 */

// Each test logs in and runs axe on its screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test(`Emma's line blocked for fraud goes back from optimize to the subscription with the reason (fr)`, async ({ page }) => {
  const lang = 'fr' as Lang;
  const w = words[lang];
  await signIn(page, 'emma', { lang, path: '/subscription/optimize?contractId=6' });
  await expect(page).toHaveURL(/\/subscription\/main\?refused=fraud$/);
  await expect(page.getByRole('status').filter({ hasText: w.blockedFraud })).toBeVisible();
  await expect(page.getByText(w.fraudBadge, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: w.optimizeLink })).toHaveCount(0);
  await expectNothingSerious(page);
});

test(`home says in words that Emma's 0470000006 is blocked (nl)`, async ({ page }) => {
  const lang = 'nl' as Lang;
  const w = words[lang];
  await signIn(page, 'emma');
  await open(page, '/?contractId=6', lang);
  await expect(page.getByRole('status').filter({ hasText: w.homeBlocked })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: '0470 00 00 06' });
  await expect(card.getByText(w.fraudBadge, { exact: true })).toBeVisible();
  // Lines without a blockage carry no blockage word.
  await expect(page.getByRole('listitem').filter({ hasText: '0470 00 00 05' }).getByText(w.fraudBadge)).toHaveCount(0);
});

test(`Lucas sees his plan and is told to contact the account holder (nl)`, async ({ page }) => {
  const lang = 'nl' as Lang;
  const w = words[lang];
  await signInAt(page, 'lucas', '/subscription/main', lang);
  await expect(page.getByRole('heading', { level: 2, name: 'Mega Pro 30' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: w.contactHolder })).toBeVisible();
  await expect(page.getByRole('link', { name: w.optimizeLink })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: w.fitTitle })).toHaveCount(0);
  // The optimize route sends a plain user back too.
  await page.goto(`/subscription/optimize?lang=${lang}`);
  await expect(page).toHaveURL(/\/subscription\/main\?refused=plainUser$/);
  await expectNothingSerious(page);
});

test(`the plan comparison suggests Mega Pro 30 for Emma's lightly used unlimited line, and opens optimize with it (fr)`, async ({
  page,
}) => {
  const lang = 'fr' as Lang;
  const w = words[lang];
  await signInAt(page, 'emma', '/subscription/main?contractId=5', lang);
  const suggestion = page.getByTestId('plan-suggestion');
  await expect(suggestion).toContainText(w.suggestion, { timeout: 20_000 });
  await expectNothingSerious(page);
  await suggestion.getByRole('button', { name: w.choose }).click();
  await expect(page).toHaveURL(/\/subscription\/optimize$/);
  await expect(page.getByRole('radio', { name: /Mega Pro 30/ })).toBeChecked();
  await expectNothingSerious(page);
});
