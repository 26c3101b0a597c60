import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FeatureBudgets } from '#lib/feature-declaration';
import { appBudgets, bases, type Base } from './budgets.ts';
import { chunk, closure, dist, manifest } from './manifest.ts';

/*
 * The JS budgets of every lazily loaded screen, computed from the production build (`npm run build` first; `npm
 * test` builds before the unit tests): the Vite manifest says which chunks each module brings, and the build's gzip
 * copies (scripts/build/compress-assets.ts) say what each weighs on the wire. Sizes, not times: the figures do not
 * depend on the machine or its load. The two pages a customer starts from (/login and home) are measured in the
 * browser, everything fetched until idle (e2e/budgets.spec.ts).
 */

const root = path.resolve(import.meta.dirname, '../..');

const texts = (namespaces: readonly string[]): string[] => namespaces.map((ns) => `locales/fr/${ns}.json`);

const jsFiles = (keys: Iterable<string>): Set<string> =>
  new Set([...keys].map((key) => chunk(key).file).filter((file) => file.endsWith('.js')));

/** What the server sends for a file to a gzip client: the build's .gz copy. */
const gzipBytes = (file: string): number => {
  const copy = path.join(dist, `${file}.gz`);
  if (!fs.existsSync(copy)) throw new Error(`${file} has no gzip copy: the server would send it raw`);
  return fs.statSync(copy).size;
};

const kb = (files: Iterable<string>): number =>
  Math.round(([...files].reduce((total, file) => total + gzipBytes(file), 0) / 1024) * 10) / 10;

const baseFiles = Object.fromEntries(
  (Object.keys(bases) as Base[]).map((base) => {
    const { modules, withOnDemand, namespaces } = bases[base];
    return [base, jsFiles([...closure(modules, false), ...closure(withOnDemand), ...texts(namespaces)])];
  }),
) as Record<Base, Set<string>>;

/** Every feature's budgets (src/features/<area>/feature.ts `budgets`), by manifest key. */
const featureBudgets = Object.entries(
  import.meta.glob<FeatureBudgets>('/src/features/*/feature.ts', { eager: true, import: 'budgets' }),
).flatMap(([file, budgets]) =>
  Object.entries(budgets).map(([module, kb]) => [`${path.posix.dirname(file.slice(1))}/${module}`, kb] as const),
);

/** Every module loaded lazily by the router (src/app/router.tsx) or a feature's declaration, with the texts loaded with it. */
const lazyModules = (): Map<string, string[]> => {
  const found = new Map<string, string[]>();
  const declarations = [
    'src/app/router.tsx',
    ...fs.readdirSync(path.join(root, 'src/features')).map((area) => `src/features/${area}/feature.ts`),
  ];
  for (const file of declarations.filter((f) => fs.existsSync(path.join(root, f)))) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const key = (specifier: string) => path.posix.join(path.posix.dirname(file), specifier);
    for (const [, specifier] of source.matchAll(/import\('(\.[^']+)'\)/g)) found.set(key(specifier!), []);
    // A feature's chunks: `chunk(() => import('./components/x.tsx'), ['x', …])` (lib/feature-declaration.ts).
    for (const [, specifier, list] of source.matchAll(/chunk\(\s*\(\) => import\('([^']+)'\),\s*\[([^\]]*)\]/g))
      found.set(
        key(specifier!),
        [...list!.matchAll(/'([^']+)'/g)].map(([, ns]) => ns!),
      );
  }
  return found;
};

const modules = lazyModules();

const screenBudgets: Record<string, { namespaces: readonly string[]; kb: Partial<Record<Base, number>> }> = Object.fromEntries(
  [...Object.entries(appBudgets), ...featureBudgets].map(([module, kb]) => [module, { namespaces: modules.get(module) ?? [], kb }]),
);

describe('bundle budgets (from the build manifest)', () => {
  it('has a budget for every module the router and the features load lazily, and no budget for another', () => {
    expect(modules.size).toBeGreaterThan(10);
    expect([...modules.keys()].sort()).toEqual(Object.keys(screenBudgets).sort());
  });

  for (const [module, budget] of Object.entries(screenBudgets)) {
    for (const [base, limit] of Object.entries(budget.kb) as [Base, number][]) {
      it(`${module} adds at most ${limit} KB of JS to the ${base}'s page`, () => {
        const own = [...jsFiles([...closure([module]), ...texts(budget.namespaces)])].filter((file) => !baseFiles[base].has(file));
        const total = kb(own);
        console.log(`${module} over ${base}: ${total} KB gzip in ${own.length} files (budget ${limit} KB)`);
        expect(total).toBeLessThanOrEqual(limit);
      });
    }
  }

  it('gives a visitor none of the offline core: no Dexie, zod, API client, contract or outbox before a session exists', () => {
    const visitor = [...baseFiles.visitor];
    expect(visitor.filter((file) => /\/(dexie|zod|client|outbox|usage-core|db)-/.test(file))).toEqual([]);
    // The login page is made of the entry, its route and texts: a few dozen KB at most beyond the frameworks.
    expect(kb(visitor)).toBeGreaterThan(50);
  });

  it('draws home’s first screen without the API client and the contract’s schemas: its pulls load them when called', () => {
    // Building the schemas (zod) was a long task of 150–350 ms of home's start at 4× CPU (issue 41, point 6): the
    // screen shows stored rows first, and a pull loads the client when it runs (features/home/data/pulls.ts).
    const home = [...jsFiles(closure(['index.html', 'src/features/home/components/home-page.tsx'], false))];
    // (use-pull is the hook that calls them, not a pull: it imports none.)
    expect(home.filter((file) => /\/(zod|client|pull|(?!use-)[\w-]+-pull|outbox)-[\w-]+\.js$/.test(file))).toEqual([]);
  });

  it('has Brotli and gzip copies of every JS file, so that none travels raw', () => {
    const js = new Set(
      Object.values(manifest)
        .map((c) => c.file)
        .filter((file) => file.endsWith('.js')),
    );
    const raw = [...js].filter((file) => !fs.existsSync(path.join(dist, `${file}.br`)) || !fs.existsSync(path.join(dist, `${file}.gz`)));
    expect(raw).toEqual([]);
  });
});
