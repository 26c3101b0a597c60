// @vitest-environment jsdom
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { readHandoff } from '#app/prerendered-handoff.ts';
import { initI18n } from '#i18n/i18n';
import {
  ageText,
  composeFirstPaint,
  isFirstPaintSnapshot,
  snapshotMarkupAt,
  type FirstPaintSnapshot,
  type FreshnessTexts,
} from '#lib/first-paint';
import { snapshotMarkup } from '#lib/first-paint-markup';
import { FreshnessNote } from '#ui/freshness-note';

/*
 * Home's last-seen screen (src/lib/first-paint.ts): the page keeps its markup with the age of each freshness note
 * left open, and the service worker composes the next start's first paint from it, the age as of that moment.
 */

const minute = 60_000;
const now = Date.UTC(2026, 10, 27, 9, 30);
const texts: FreshnessTexts = { justNow: 'Mis à jour à l’instant', updated: 'Mis à jour {{when}}', stale: 'Données anciennes' };

const snapshot = (changes: Partial<FirstPaintSnapshot> = {}): FirstPaintSnapshot => ({
  userGuid: 'u-1',
  path: '/',
  html: '<main><p>Bonjour Sophie</p></main>',
  lang: 'fr',
  layout: 'mobile',
  title: 'Mon espace mobile',
  texts,
  savedAt: now - 10 * minute,
  ...changes,
});

const page = `<!doctype html>
<html lang="fr">
  <head><title>Mon espace mobile</title></head>
  <body>
    <div id="root"><div class="boot">Chargement…</div><!--/root--></div>
    <noscript>…</noscript>
  </body>
</html>`;

describe('ageText', () => {
  it.each([
    ['fr', 30 * 1000, 'Mis à jour à l’instant'],
    ['fr', 5 * minute, 'Mis à jour il y a 5 minutes'],
    ['fr', 3 * 60 * minute, 'Mis à jour il y a 3 heures'],
    ['fr', 2 * 24 * 60 * minute, 'Mis à jour avant-hier'],
    ['nl', 5 * minute, 'Mis à jour 5 minuten geleden'],
    ['en', 1 * minute, 'Mis à jour 1 minute ago'],
  ])('%s, %i ms old → %s', (lang, age, expected) => {
    expect(ageText(now - age, now, lang, texts)).toBe(expected);
  });
});

describe('snapshotMarkupAt', () => {
  const html = '<div class="freshness" data-fetched-at="T"><span data-testid="freshness"><!--fp-age:T--></span><!--fp-stale:T--></div>';

  it.each([
    [2 * minute, 'Mis à jour il y a 2 minutes', false],
    [14 * minute, 'Mis à jour il y a 14 minutes', false],
    [15 * minute, 'Mis à jour il y a 15 minutes', true],
    [26 * 60 * minute, 'Mis à jour hier', true],
  ])('%i ms old: the age and the stale badge as of now', (age, text, stale) => {
    const at = String(now - age);
    const out = snapshotMarkupAt(snapshot({ html: html.replaceAll('T', at) }), now);
    expect(out).toContain(`<span data-testid="freshness">${text}</span>`);
    expect(out.includes('<span class="badge" data-tone="warning">Données anciennes</span>')).toBe(stale);
    expect(out).not.toContain('fp-');
  });

  it('escapes the texts it writes', () => {
    const out = snapshotMarkupAt(snapshot({ html: `<!--fp-age:${now}-->`, texts: { ...texts, justNow: '<b>now</b> & "then"' } }), now);
    expect(out).toBe('&lt;b&gt;now&lt;/b&gt; &amp; &quot;then&quot;');
  });
});

describe('composeFirstPaint', () => {
  it('puts the snapshot in #root, its language and layout on <html>, and its title', () => {
    const out = composeFirstPaint(page, snapshot({ lang: 'nl', layout: 'desktop', title: 'A & B' }), now, 'whole');
    // The snapshot's mode, until home's page sets this window's before the first paint (src/layout-first.ts).
    expect(out).toContain('<html lang="nl" data-layout="desktop">');
    expect(out).toContain('<title>A &amp; B</title>');
    // The first frame waits for the whole snapshot (its figures come after the header in the markup): the link names
    // the element that follows #root, so the frame waits for #root's end, not its opening tag.
    expect(out).toMatch(/<link rel="expect" href="#snapshot-end" blocking="render"><\/head>/);
    expect(out).toContain(
      `<div id="root" data-snapshot="${now - 10 * minute}"><main><p>Bonjour Sophie</p></main></div><span id="snapshot-end" hidden></span>`,
    );
    expect(out).not.toContain('Chargement');
    expect(out).toContain('<noscript>');
  });

  it('lets a page that comes over the network paint as it arrives (the first visit)', () => {
    const out = composeFirstPaint(page, snapshot(), now, 'progressive');
    expect(out).not.toContain('rel="expect"');
    expect(out).not.toContain('snapshot-end');
    expect(out).toContain(`<div id="root" data-snapshot="${now - 10 * minute}"><main><p>Bonjour Sophie</p></main></div>`);
  });

  it('answers null for a page without the shape it fills (an older build)', () => {
    expect(composeFirstPaint(page.replace('<!--/root-->', ''), snapshot(), now, 'whole')).toBeNull();
    expect(composeFirstPaint(page.replace('<html lang="fr">', '<html>'), snapshot(), now, 'whole')).toBeNull();
  });

  it('does not read replacement patterns in the snapshot', () => {
    const out = composeFirstPaint(page, snapshot({ html: '<p>$& $1 $$</p>' }), now, 'whole');
    expect(out).toContain('<p>$& $1 $$</p>');
  });
});

describe('isFirstPaintSnapshot', () => {
  it.each([
    ['a snapshot', snapshot(), true],
    ['null', null, false],
    ['a string', 'x', false],
    ['no user', { ...snapshot(), userGuid: undefined }, false],
    ['an unknown language', { ...snapshot(), lang: 'de' }, false],
    ['an unknown layout', { ...snapshot(), layout: 'tablet' }, false],
    ['no texts', { ...snapshot(), texts: null }, false],
    ['texts without the stale badge', { ...snapshot(), texts: { justNow: 'a', updated: 'b' } }, false],
  ])('%s → %s', (_, value, expected) => {
    expect(isFirstPaintSnapshot(value)).toBe(expected);
  });
});

describe('snapshotMarkup (the page’s side)', () => {
  it('keeps the screen and leaves out what belongs to the moment', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <div class="offline-banner" role="status">Hors ligne</div>
      <main><h1>Bonjour Sophie</h1><button class="button" data-hovered="true" data-focus-visible="true">Actualiser</button>
        <div class="usage-meter__track"><svg class="usage-meter__fill"><rect width="82" height="1"></rect></svg></div>
        <div style="height: 10px">virtual</div></main>
      <div class="notices"><div class="notice" role="alert">Erreur 500</div></div>
      <div class="app-toast">Nouvelle version</div>
      <div class="consent-backdrop"></div><dialog open>Cookies</dialog>`;
    const out = snapshotMarkup(root);
    expect(out).toContain('<h1>Bonjour Sophie</h1>');
    expect(out).toContain('<button class="button">Actualiser</button>');
    expect(out).toContain('<rect width="82" height="1"></rect>');
    expect(out).toContain('<div>virtual</div>');
    expect(out).toContain('<div class="notices"></div>');
    for (const gone of ['Hors ligne', 'Erreur 500', 'Nouvelle version', 'Cookies', 'consent-backdrop', 'style='])
      expect(out).not.toContain(gone);
    // The page itself is untouched.
    expect(root.querySelector('dialog')).not.toBeNull();
  });

  it('leaves markers for the age and the stale badge of each freshness note', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <div class="freshness" data-fetched-at="1000"><span data-testid="freshness">Mis à jour il y a 20 minutes</span><span class="badge" data-tone="warning">Données anciennes</span><button>Actualiser</button></div>
      <div class="freshness" data-fetched-at="2000"><span data-testid="freshness">Mis à jour à l’instant</span></div>
      <div class="freshness"><span data-testid="freshness">Pas encore chargé</span></div>`;
    expect(snapshotMarkup(root)).toBe(`
      <div class="freshness" data-fetched-at="1000"><span data-testid="freshness"><!--fp-age:1000--></span><!--fp-stale:1000--><button>Actualiser</button></div>
      <div class="freshness" data-fetched-at="2000"><span data-testid="freshness"><!--fp-age:2000--></span><!--fp-stale:2000--></div>
      <div class="freshness"><span data-testid="freshness">Pas encore chargé</span></div>`);
  });
});

describe('snapshotMarkup keeps the fields as they are shown', () => {
  /** The markup of `root` parsed again, as the painted page holds it. */
  const painted = (root: Element): HTMLElement => {
    const page = document.createElement('div');
    page.innerHTML = snapshotMarkup(root);
    return page;
  };

  it.each(['fr', 'nl', 'en'])('the language switcher React shows in %s is painted on that language', (lang) => {
    // A controlled select, as the header's switcher: React sets which option is selected, no `selected` attribute.
    const { container } = render(
      <select name="language" value={lang} onChange={() => undefined}>
        <option value="fr">Français</option>
        <option value="nl">Nederlands</option>
        <option value="en">English</option>
      </select>,
    );
    const page = painted(container);
    expect(page.querySelector('select')?.value).toBe(lang);
    expect(Array.from(page.querySelectorAll<HTMLOptionElement>('option[selected]'), (option) => option.value)).toEqual([lang]);
    // The hand-over to the app finds nothing the customer changed on the painted page.
    expect(readHandoff(page, null).values).toEqual([]);
  });

  it('a choice changed after the first render is the one painted', () => {
    const root = document.createElement('div');
    root.innerHTML = '<select name="contract"><option value="a" selected>A</option><option value="b">B</option></select>';
    root.querySelector('select')!.value = 'b';
    const page = painted(root);
    expect(page.querySelector('select')?.value).toBe('b');
    expect(readHandoff(page, null).values).toEqual([]);
  });

  it('text, boxes and areas as shown; a password never', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<input name="search" value="old"><input name="box" type="checkbox" checked><input name="pin" type="password"><textarea name="note">old</textarea>';
    const [search, box, pin] = Array.from(root.querySelectorAll('input'));
    search!.value = 'roaming';
    box!.checked = false;
    pin!.value = 'secret';
    root.querySelector('textarea')!.value = 'new';
    const out = snapshotMarkup(root);
    expect(out).not.toContain('secret');
    const page = painted(root);
    expect(page.querySelector<HTMLInputElement>('[name="search"]')?.value).toBe('roaming');
    expect(page.querySelector<HTMLInputElement>('[name="box"]')?.checked).toBe(false);
    expect(page.querySelector('textarea')?.value).toBe('new');
    expect(readHandoff(page, null).values).toEqual([]);
    // The page itself is untouched.
    expect(root.querySelector('[name="search"]')?.getAttribute('value')).toBe('old');
  });
});

describe('the freshness note, drawn by the app and by the service worker', () => {
  beforeAll(async () => {
    await initI18n('fr');
  });

  it.each([
    ['fresh', 3 * minute],
    ['stale', 40 * minute],
    ['a day old', 30 * 60 * minute],
  ])('%s: the composed markup is the app’s', (_, age) => {
    const fetchedAt = Date.now() - age;
    const { container } = render(<FreshnessNote fetchedAt={fetchedAt} onRefresh={() => undefined} />);
    const t = i18next.getFixedT('fr', 'common');
    const frTexts: FreshnessTexts = {
      justNow: t('freshness.justNow'),
      updated: t('freshness.updated', { when: '{{when}}' }),
      stale: t('freshness.stale'),
    };
    const composed = snapshotMarkupAt(snapshot({ html: snapshotMarkup(container), texts: frTexts }), Date.now());
    expect(composed).toBe(container.innerHTML);
  });
});
