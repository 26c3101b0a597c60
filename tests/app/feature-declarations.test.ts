import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FeatureDeclaration } from '#lib/feature-declaration';
import { declaredPaths, declaredRoutes, featureFiles, routeId } from '#lib/features';

/*
 * The features' declarations (src/features/<area>/feature.ts, docs/adding-a-feature.md), which the app collects by
 * file name: the route table, the paths, the typed texts, the browser tests' routes and the budgets follow from them,
 * so they are held to the rules here instead of by a shared list.
 */

const root = path.resolve(import.meta.dirname, '../..');
const featuresDir = path.join(root, 'src/features');
const languages = ['fr', 'nl', 'en'] as const;

/** The namespaces no feature owns (src/i18n/types.ts `SharedTexts`). */
const shared = ['common', 'customer', 'errors', 'nav', 'validation'];

const areas = fs.readdirSync(featuresDir).filter((area) => fs.statSync(path.join(featuresDir, area)).isDirectory());
const declared = new Map(
  Object.entries(featureFiles).map(([file, feature]) => [file.split('/')[1]!, feature] as [string, FeatureDeclaration]),
);
const source = (area: string) => fs.readFileSync(path.join(featuresDir, area, 'feature.ts'), 'utf8');
/** The namespaces a feature types as its own: `import type x from '../../../locales/fr/<ns>.json'`. */
const ownTexts = (area: string) => [...source(area).matchAll(/locales\/fr\/([\w-]+)\.json/g)].map(([, ns]) => ns!);

describe('feature declarations', () => {
  it('every feature folder with screens declares itself, and every declaration is a folder of its own', () => {
    const withScreens = areas.filter((area) => fs.existsSync(path.join(featuresDir, area, 'components')));
    expect([...declared.keys()].sort()).toEqual(withScreens.sort());
    expect(declared.size).toBeGreaterThan(10);
  });

  it.each(areas.filter((area) => fs.existsSync(path.join(featuresDir, area, 'feature.ts'))))(
    '%s adds its routes and texts to the app types under its own name',
    (area) => {
      // Without this entry its paths and text keys would not be typed (lib/feature-declaration.ts `Features`).
      expect(source(area)).toMatch(new RegExp(`interface Features \\{[^}]*\\n\\s*'?${area}'?: \\{ routes: typeof routes; texts: \\{`));
    },
  );

  it('no two features declare the same route key or the same path', () => {
    const keys = [...declared.values()].flatMap(({ routes }) => Object.keys(routes));
    expect(keys.length).toBe(new Set(keys).size);
    const patterns = Object.values(declaredPaths);
    expect(patterns.length).toBe(new Set(patterns).size);
    expect(Object.keys(declaredPaths).sort()).toEqual([...keys].sort());
  });

  it('every route has its id in kebab-case, unique, and its path under its key', () => {
    const ids = declaredRoutes.map((route) => route.id);
    expect(ids.length).toBe(new Set(ids).size);
    for (const [key, pattern] of Object.entries(declaredPaths)) {
      expect(declaredRoutes.find((route) => route.id === routeId(key))?.path, key).toBe(pattern);
      expect(routeId(key)).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it("adds sections under other features' routes only, and only under routes that exist", () => {
    for (const [area, { routes, sections }] of declared)
      for (const key of Object.keys(sections ?? {})) {
        expect(Object.keys(declaredPaths), `${area} adds a section under ${key}`).toContain(key);
        expect(Object.keys(routes), `${area} adds a section under its own ${key}`).not.toContain(key);
      }
  });

  it('every text namespace is owned once, by a feature or as a shared one, and has its file in every language', () => {
    const owned = areas.filter((area) => declared.has(area)).flatMap(ownTexts);
    expect(owned.length).toBe(new Set(owned).size);
    const files = fs
      .readdirSync(path.join(root, 'locales/fr'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    expect([...shared, ...owned].sort()).toEqual(files.sort());
    for (const language of languages)
      for (const ns of [...shared, ...owned])
        expect(fs.existsSync(path.join(root, 'locales', language, `${ns}.json`)), `${language}/${ns}`).toBe(true);
  });

  it('loads with each screen only texts that exist', () => {
    const files = new Set(fs.readdirSync(path.join(root, 'locales/fr')).map((file) => file.replace(/\.json$/, '')));
    for (const route of declaredRoutes) for (const ns of route.screen.chunk.namespaces) expect(files, `${route.id}: ${ns}`).toContain(ns);
  });
});
