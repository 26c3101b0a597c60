import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../locales');
const languages = ['fr', 'nl', 'en'] as const;

const flatten = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => flatten(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

const keysOf = (language: string): Map<string, string> => {
  const keys = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(root, language)).filter((f) => f.endsWith('.json'))) {
    const data: unknown = JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8'));
    const ns = file.replace(/\.json$/, '');
    for (const key of flatten(data)) keys.set(`${ns}:${key}`, String(key));
  }
  return keys;
};

const interpolations = (text: string) => [...text.matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const fr = keysOf('fr');

  it.each(languages.filter((l) => l !== 'fr'))('%s has exactly the keys of fr', (language) => {
    const other = keysOf(language);
    expect([...other.keys()].filter((k) => !fr.has(k))).toEqual([]);
    expect([...fr.keys()].filter((k) => !other.has(k))).toEqual([]);
  });

  it.each(languages)('%s has no empty text and keeps the placeholders of fr', (language) => {
    for (const file of fs.readdirSync(path.join(root, language))) {
      const get = (lng: string) => JSON.parse(fs.readFileSync(path.join(root, lng, file), 'utf8')) as Record<string, unknown>;
      const walk = (a: unknown, b: unknown, at: string) => {
        if (typeof a === 'string') {
          expect(typeof b, at).toBe('string');
          expect((b as string).trim().length, at).toBeGreaterThan(0);
          expect(interpolations(b as string), at).toEqual(interpolations(a));
          return;
        }
        for (const [k, v] of Object.entries(a as Record<string, unknown>)) walk(v, (b as Record<string, unknown>)[k], `${at}.${k}`);
      };
      walk(get('fr'), get(language), `${language}/${file}`);
    }
  });
});
