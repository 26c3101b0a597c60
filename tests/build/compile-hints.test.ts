import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileHint, hintedChunks, streamedWithPaint } from '../../scripts/build/compile-hints.ts';
import { chunk, dist } from './manifest.ts';

/*
 * V8's compile hint on the chunks of a signed-in start (scripts/build/compile-hints.ts), and the two that home's page
 * streams with its paint, checked on the production build (`npm test` builds before the unit tests).
 */

const assets = path.join(dist, 'assets');
const page = (name: string): string => fs.readFileSync(path.join(dist, name), 'utf8');
const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
const hinted = scripts.filter((file) => fs.readFileSync(path.join(assets, file), 'utf8').startsWith(`${compileHint}\n`));
const fileOf = (name: string): string | undefined =>
  scripts.find((file) => file.startsWith(`${name}-`) && /^[\w-]{8}\.js$/.test(file.slice(name.length + 1)));

describe('the compile hint', () => {
  it('starts each chunk of the list, on a line of its own', () => {
    for (const name of hintedChunks) expect(hinted, name).toContain(fileOf(name));
  });

  it('starts no other chunk: the main thread is left the code a start does not run (Dexie, the screens, the texts)', () => {
    expect(hinted).toHaveLength(hintedChunks.length);
    expect(hinted).not.toContain(fileOf('dexie'));
    expect(hinted).not.toContain(fileOf('texts-fr'));
    expect(hinted).not.toContain(path.basename(chunk('src/features/settings/components/settings-screens.tsx').file));
  });

  it('keeps the source maps in step (the comment is one more line above the code)', () => {
    const react = fileOf('react')!;
    const map = JSON.parse(fs.readFileSync(path.join(assets, `${react}.map`), 'utf8')) as { mappings: string };
    expect(map.mappings.startsWith(';')).toBe(true);
  });
});

describe("home's page", () => {
  const modulePreloads = (html: string): string[] =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);

  it('asks for the entry, React and i18n with its paint, after its stylesheet; the rest after the paint', () => {
    const html = page('home.html');
    expect(modulePreloads(html)).toEqual(streamedWithPaint.map((name) => `/assets/${fileOf(name)}`));
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
    const later = /data-preload="([^"]*)"/.exec(html)![1]!.split(' ');
    for (const name of streamedWithPaint) expect(later).not.toContain(`/assets/${fileOf(name)}`);
    expect(later.length).toBeGreaterThan(5);
    // The loader still runs the entry after the paint (src/paint-first.ts): the <link> only started it sooner.
    expect(/data-entry="([^"]*)"/.exec(html)![1]).toBe(`/assets/${fileOf('index')}`);
  });

  it("is the only page that does: the login page's scripts wait for its paint, as a slow connection needs", () => {
    expect(modulePreloads(page('login.html'))).toEqual([]);
    expect(modulePreloads(page('home-first.html'))).toEqual([]);
  });
});
