import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeStartModules } from '../../scripts/build/home-start.ts';
import { chunk, closure, dist } from './manifest.ts';

/*
 * The chunk of a signed-in start (scripts/build/home-start.ts, vite.config.ts's `home-start` group), checked on the
 * production build (`npm run build` first; `npm test` builds before the unit tests).
 */

const root = path.resolve(import.meta.dirname, '../..');
const assets = path.join(dist, 'assets');

/** The JS files of the manifest keys a module brings (tests/build/manifest.ts `closure`). */
const filesOf = (keys: readonly string[], onDemand: boolean): string[] =>
  [...closure(keys, onDemand)].map((key) => chunk(key).file).filter((file) => file.endsWith('.js'));

const pageScripts = (page: string): string[] => {
  const html = fs.readFileSync(path.join(dist, page), 'utf8');
  return [...html.matchAll(/data-(?:entry|preload)="([^"]*)"/g)].flatMap((match) => match[1]!.split(' ')).filter(Boolean);
};

describe('the chunk of a signed-in start (scripts/build/home-start.ts)', () => {
  it('lists modules that exist', () => {
    expect(homeStartModules.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('is one file of home’s start, which no longer fetches each shared module apart', () => {
    const home = pageScripts('home.html');
    expect(home.filter((file) => /\/home-start-[\w-]+\.js$/.test(file))).toHaveLength(1);
    // The entry, its runtime, this chunk, the small shared ones and what may not be in them (see their lists): it was
    // 23 files before the `start-shared`, `api-shared` and `live-data` groups (issue 41 point 3), 40 before this one.
    expect(home.length).toBeLessThanOrEqual(12);
  });

  it("is never loaded by a visitor: not by the login page, nor by a screen a visitor opens, nor by the session's start", () => {
    const visitor = [
      ...pageScripts('login.html'),
      ...filesOf(
        [
          'index.html',
          'src/paint-first.ts',
          'src/features/auth/components/login-page.tsx',
          'src/features/auth/components/recovery-screens.tsx',
          'src/features/auth/components/account-screens.tsx',
          'src/features/auth/components/pin-screens.tsx',
          'src/features/activation/components/activation-screens.tsx',
          'src/features/system/components/maintenance-page.tsx',
        ],
        true,
      ),
    ];
    expect(visitor.filter((file) => /home-start-/.test(file))).toEqual([]);
  });

  it('leaves no two chunks importing each other (one would run before the other has defined what it uses)', () => {
    const files = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
    const imports = new Map(
      files.map((file) => [
        file,
        [...fs.readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!),
      ]),
    );
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (file: string, trail: string[]): void => {
      if (trail.includes(file)) {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      if (done.has(file)) return;
      for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
      done.add(file);
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
