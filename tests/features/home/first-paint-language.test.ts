import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '#contract/language';
import { db } from '#db/db';
import { dropFirstPaintInOtherLanguage, saveFirstPaint } from '#features/home/data/first-paint.ts';
import { firstPaintKey, type FirstPaintSnapshot } from '#lib/first-paint';

/*
 * Home's snapshot is painted before the app runs, and the app then starts in the language last chosen on this device
 * (docs/product/settings.md "Language"): a snapshot in another language is dropped when the language changes, so the
 * next start never paints one language and then shows another.
 */

const snapshot = (lang: Language): FirstPaintSnapshot => ({
  userGuid: 'u-1',
  path: '/',
  html: `<main lang="${lang}">home</main>`,
  lang,
  layout: 'mobile',
  title: 'Mon espace mobile',
  texts: { justNow: 'a', updated: 'b {{when}}', stale: 'c' },
  savedAt: 1,
});

const stored = async () => (await db.prefs.get(firstPaintKey))?.value as FirstPaintSnapshot | undefined;

beforeEach(async () => {
  await db.prefs.clear();
  // The account's language is French: the snapshot follows the language shown, not the account's.
  await db.session.put({
    id: 'current',
    userId: 1,
    userGuid: 'u-1',
    customerId: 1,
    role: 'owner',
    scope: 'CUSTOMER',
    msisdn: '32470000001',
    email: 'sophie@example.be',
    energyRef: null,
    language: 'fr',
    firstName: 'Sophie',
    lastName: 'Dubois',
    expiresAt: Date.now() + 3_600_000,
    loggedInAt: Date.now(),
  });
});

describe('dropFirstPaintInOtherLanguage', () => {
  it.each<[Language, Language, boolean]>([
    ['nl', 'nl', false],
    ['nl', 'fr', true],
    ['fr', 'nl', true],
    ['en', 'fr', true],
  ])('a snapshot in %s, the language shown now %s → dropped: %s', async (written, shown, dropped) => {
    expect(await saveFirstPaint(snapshot(written))).toBe(true);
    expect(await dropFirstPaintInOtherLanguage(shown)).toBe(dropped);
    expect((await stored())?.lang).toBe(dropped ? undefined : written);
  });

  it('nothing stored: nothing to drop', async () => {
    expect(await dropFirstPaintInOtherLanguage('fr')).toBe(false);
  });

  it('a row of another shape (an older build) is dropped: the service worker would not paint it anyway', async () => {
    await db.prefs.put({ key: firstPaintKey, value: { lang: 'fr' } });
    expect(await dropFirstPaintInOtherLanguage('fr')).toBe(true);
    expect(await db.prefs.get(firstPaintKey)).toBeUndefined();
  });

  it('a change of language then home shown again: the new snapshot stays, whichever is written first', async () => {
    await saveFirstPaint(snapshot('fr'));
    // Home, shown in Dutch, writes its Dutch snapshot while the drop for the change to Dutch is on its way.
    await Promise.all([saveFirstPaint(snapshot('nl')), dropFirstPaintInOtherLanguage('nl')]);
    expect((await stored())?.lang).toBe('nl');
    await saveFirstPaint(snapshot('fr'));
    await Promise.all([dropFirstPaintInOtherLanguage('nl'), saveFirstPaint(snapshot('nl'))]);
    expect((await stored())?.lang).toBe('nl');
  });
});
