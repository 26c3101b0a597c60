import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/offline-server.ts';
import { withServiceWorker } from './fixtures/test.ts';
import { signIn } from './fixtures/sign-in.ts';
import { onlineVisit, serverLog, setOffline, waitForServiceWorker } from './page-models/offline-app.ts';

/*
 * Help, the contact form, offers and the energy link (docs/product/support.md "The help page", "Contact form";
 * docs/product/offers.md "The offers page", "Energy link"): help searched offline, a message with its attachment
 * written offline and sent once, the owner's one-click energy login through the stand-in portal, the admin's plain
 * link and linking an energy account (the tariff comparison link of Yasmine's real use: e2e/rating.spec.ts, during the
 * load of her records it waits for). On the worker's server of
 * the offline specs, so the links made here stay off the main server. The energy entry is in the desktop's header and
 * under "more" on a phone: its tests run at both sizes (@desktop). The FAQ search in French and English:
 * tests/features/support/support-rules.test.ts; the contact form in Dutch:
 * tests/features/screens/support-contact.test.tsx; linking in French: tests/features/screens/link-accounts.test.tsx.
 */

// Each test logs in and walks a whole flow (several pages, a popup; the offline ones install the service worker first):
// more than the default.
test.describe.configure({ timeout: 120_000 });

const pngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082',
  'hex',
);

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 700;

/** The "energy" entry of the navigation: in the desktop bar, or under "more" on a phone. */
const energyEntry = async (page: Page, label: RegExp, more: RegExp): Promise<Locator> => {
  if (isPhone(page)) {
    await page.getByRole('navigation').getByRole('button', { name: more }).click();
    return page
      .getByRole('dialog')
      .getByRole('link', { name: label })
      .or(page.getByRole('dialog').getByRole('button', { name: label }));
  }
  const nav = page.locator('.desktop-nav');
  return nav.getByRole('link', { name: label }).or(nav.getByRole('button', { name: label }));
};

test(
  'Marc searches the FAQ offline (nl), accent- and case-insensitive, with a deep link',
  { tag: withServiceWorker },
  async ({ page, context }) => {
    await onlineVisit(page, 'marc');
    await page.goto('/support/main');
    await expect(page.getByRole('heading', { name: 'Veelgestelde vragen' })).toBeVisible();
    await expect(
      page
        .locator('.faq-item > summary')
        .filter({ hasText: /in het buitenland/ })
        .first(),
    ).toBeVisible();

    await setOffline(context, page, true);
    await page.reload();
    const search = page.getByRole('searchbox', { name: /Zoeken/ });
    await search.fill('domicilieri');
    await expect(page.getByRole('status').filter({ hasText: /^\d+ antwoord(en)? gevonden$/ })).toBeVisible();
    // One way to clear it, the labelled button: the browser's own cross inside the field is hidden.
    await expect(page.getByRole('button', { name: 'Zoekopdracht wissen' })).toHaveCount(1);
    // Chromium draws its cross at the field's right end, inside the padding: a click anywhere there clears nothing.
    const box = await search.boundingBox();
    if (!box) throw new Error('the search field is not laid out');
    for (let fromRight = 6; fromRight <= 48; fromRight += 6) {
      await search.click({ position: { x: box.width - fromRight, y: box.height / 2 } });
      await expect(search).toHaveValue('domicilieri');
    }
    // Best match first: the question itself says it (other answers may mention the word).
    const questions = page.locator('.faq-item > summary');
    await expect(questions.first()).toHaveText('Hoe activeer ik domiciliëring?');
    await expect(questions.filter({ hasText: /simkaart/ })).toHaveCount(0);

    // A deep link opens the same answer, offline too.
    await page.goto('/support/main#direct-debit');
    const item = page.locator('details[id="direct-debit"]');
    await expect(item).toHaveAttribute('open', '');
    await expect(item).toBeInViewport();
  },
);

test(
  'a message with its attachment written offline is sent once when back online (fr)',
  { tag: withServiceWorker },
  async ({ page, context }) => {
    await onlineVisit(page, 'sophie');
    await page.goto('/support/contact');
    await expect(page.getByRole('heading', { name: 'Nous contacter' })).toBeVisible();
    await waitForServiceWorker(page);
    const before = (await serverLog(page)).changes.filter((c) => c.path === '/api/support/ticket').length;

    await setOffline(context, page, true);
    await page.getByLabel('Sujet').selectOption('billing');
    await page.getByLabel('Précisez votre demande').selectOption('billing_invoice');
    const message = page.getByLabel('Votre message');
    await message.fill('Court');
    await message.blur();
    await expect(page.getByText('Votre message est trop court.')).toBeVisible();
    const text = 'Ma facture de mars compte deux fois la même option. Voir la capture.';
    await message.fill(text);
    await expect(page.getByText(`${500 - text.length} caractères restants sur 500`)).toBeVisible();
    await page.getByLabel('Pièce jointe (facultatif)').setInputFiles({ name: 'capture.png', mimeType: 'image/png', buffer: pngBytes });
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(
      page.getByText('Votre message est enregistré sur cet appareil. Il sera envoyé une seule fois dès votre retour en ligne.'),
    ).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'Pièce jointe : capture.png' });
    await expect(item).toContainText('En attente d’envoi');
    // Nothing reached the server while offline.
    expect((await serverLog(page)).changes.filter((c) => c.path === '/api/support/ticket')).toHaveLength(before);

    await setOffline(context, page, false);
    await expect(item).toContainText('Reçu', { timeout: 30_000 });
    const reference = (await item.textContent())?.match(/SR-[A-Z0-9]{8}/)?.[0];
    expect(reference).toBeDefined();
    await expect(page.getByText(`Merci, votre message est envoyé. Sa référence : ${reference}.`, { exact: false })).toBeVisible();
    const sent = (await serverLog(page)).changes.filter((c) => c.path === '/api/support/ticket').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      subject: 'billing',
      subSubject: 'billing_invoice',
      attachment: { name: 'capture.png', type: 'image/png', data: { bytes: pngBytes.length } },
    });
    // Still once after a reload (the outbox has nothing left to send).
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: reference! })).toContainText('Reçu');
    expect((await serverLog(page)).changes.filter((c) => c.path === '/api/support/ticket').slice(before)).toHaveLength(1);
  },
);

test(
  'Sophie logs in to the energy portal in one click; the same link a second time is refused (fr)',
  { tag: '@desktop' },
  async ({ page }) => {
    await signIn(page, 'sophie');
    const entry = await energyEntry(page, /^Énergie/, /^Plus$/);
    await expect(entry).toHaveRole('button');
    const [portal] = await Promise.all([page.context().waitForEvent('page'), entry.click()]);
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText(/^Bonjour Sophie/);
    await expect(portal.getByText(/ME00000001/)).toBeVisible();
    const url = portal.url();
    expect(url).toMatch(/\/energy-portal\/one-click\?login=ME00000001&guid=[^&]+&token=[^&]+/);

    const again = await page.context().newPage();
    const answer = await again.goto(url);
    expect(answer?.status()).toBe(410);
    await expect(again.getByRole('heading', { level: 1 })).toHaveText('Ce lien de connexion n’est plus valable');
  },
);

test('Jan (admin) gets the plain energy link, never not-found (nl)', { tag: '@desktop' }, async ({ page }) => {
  // An admin's home shows the customer he manages (Emma Martin's company).
  await signIn(page, 'jan');
  const entry = await energyEntry(page, /^Energie/, /^Meer$/);
  await expect(entry).toHaveRole('link');
  await expect(entry).toHaveAttribute('href', '/energy-portal/?lang=nl');
  const [portal] = await Promise.all([page.context().waitForEvent('page'), entry.click()]);
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Energieruimte');
  // The owner-only page is not-found for him.
  await page.goto('/offers/link-accounts');
  await expect(page.getByRole('heading', { name: /niet gevonden/i })).toBeVisible();
});

test('an owner links an energy account, is refused one linked elsewhere, and goes home on the next visit (nl)', async ({ page }) => {
  // Marc, in Dutch (in French: tests/features/screens/link-accounts.test.tsx).
  const own = 'ME00000003';
  await signIn(page, 'marc');
  const entry = await energyEntry(page, /^Energie/, /^Meer$/);
  await entry.click();
  await expect(page).toHaveURL(/\/offers\/link-accounts$/);
  const form = page.getByRole('form', { name: 'Mijn energieaccount koppelen' });
  const login = form.getByLabel('Energienummer');
  const password = form.getByLabel('Wachtwoord van uw energieruimte');
  const accept = form.getByRole('checkbox');
  const submit = form.getByRole('button', { name: 'Mijn accounts koppelen' });

  // The login's format and the conditions are checked before anything is sent.
  await login.fill('MT00000003');
  await password.fill('x');
  await submit.click();
  await expect(login).toHaveAccessibleDescription(/ME/);
  await expect(accept).toHaveAttribute('aria-invalid', 'true');

  // Sophie's energy account is linked already: refused, nothing typed is lost.
  await login.fill('ME00000001');
  await password.fill('Demo!2026');
  await accept.check();
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: /is al aan een ander mobiel account gekoppeld/ })).toBeVisible();
  await expect(login).toHaveValue('ME00000001');

  await login.fill(own.toLowerCase());
  await submit.click();
  await expect(page.getByText(new RegExp(`Uw accounts zijn gekoppeld.*${own}`))).toBeVisible();

  // The next visit: the link is confirmed, so home; and "energy" is now the one-click login.
  await page.goto('/offers/link-accounts');
  await expect(page).toHaveURL(/\/$/);
  const oneClick = await energyEntry(page, /^Energie/, /^Meer$/);
  await expect(oneClick).toHaveRole('button');
});
