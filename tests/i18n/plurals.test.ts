import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/*
 * Issue 43 point 11: counts take i18next's plural forms (`_one`, `_other`) in fr, nl and en, never a noun in the plural
 * beside a number that may be 1 ("sur 1 jours", "1 days", "1 dagen"). Every text with a number before a counted noun
 * takes it as `count`, and each plural key renders its singular and plural.
 */

const root = path.resolve(import.meta.dirname, '../../locales');
const languages = ['fr', 'nl', 'en'] as const;

type Texts = { [key: string]: string | Texts };
const flatten = (value: Texts, prefix = ''): [string, string][] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [[`${prefix}${key}`, child]] : flatten(child, `${prefix}${key}.`),
  );

const textsOf = (language: string): [string, string][] =>
  fs
    .readdirSync(path.join(root, language))
    .filter((f) => f.endsWith('.json'))
    .flatMap((file) =>
      flatten(JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8')) as Texts, `${file.replace(/\.json$/, '')}:`),
    );

/** A placeholder right before a counted noun in the plural: it must be the plural form's `count`. */
const countedNouns =
  /\{\{(\w+)\}\} (jours|mois|minutes|heures|lignes|fichiers|numéros|factures|enregistrements|days|months|hours|lines|files|numbers|invoices|records|dagen|maanden|minuten|uren|regels|bestanden|nummers|facturen)\b/;

describe('plurals', () => {
  it.each(languages)('%s: every number before a counted noun is a plural form’s count', (language) => {
    const wrong = textsOf(language).filter(([key, text]) => {
      const match = countedNouns.exec(text);
      return match !== null && !/_(one|other)$/.test(key);
    });
    expect(wrong).toEqual([]);
  });

  it.each(languages)('%s: each plural key has its _one and _other, and renders 1 and 2 in their forms', async (language) => {
    const texts = textsOf(language);
    const resources: Record<string, Record<string, string>> = {};
    for (const [key, text] of texts) {
      const [ns = '', k = ''] = key.split(':');
      (resources[ns] ??= {})[k] = text;
    }
    const i18n = i18next.createInstance();
    // The keys are read from the files here, not typed: t as a plain function of a string.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
    await i18n.init({ lng: language, resources: { [language]: resources }, interpolation: { escapeValue: false } });
    const plurals = [
      ...new Set(
        texts
          .map(([key]) => key.replace(/_(one|other)$/, ''))
          .filter((key, _, all) => all.includes(key) && texts.some(([k]) => k === `${key}_one`)),
      ),
    ];
    expect(plurals.length).toBeGreaterThan(10);
    const fill = (text: string, count: number) => text.replaceAll('{{count}}', String(count)).replace(/\{\{\w+\}\}/g, 'X');
    for (const base of plurals) {
      const other = texts.find(([k]) => k === `${base}_other`)?.[1];
      const oneText = texts.find(([k]) => k === `${base}_one`)?.[1] ?? '';
      expect(other, `${base}_other`).toBeDefined();
      const [ns = '', key = ''] = base.split(':');
      const values: Record<string, string> = Object.fromEntries([...oneText.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1] ?? '', 'X']));
      expect(translate(key, { ns, ...values, count: 1 }), base).toBe(fill(oneText, 1));
      expect(translate(key, { ns, ...values, count: 2 }), base).toBe(fill(other ?? '', 2));
    }
    // The cases: the per-day chart's summary and the pro rata of an order.
    const one = (ns: string, key: string, values: Record<string, unknown>): string => translate(key, { ns, count: 1, ...values });
    expect(one('consumption', 'chart.summary', {})).not.toMatch(/\b1 (jours|days|dagen)\b/);
    expect(one('subscription', 'summary.proRata', { cycleDays: 30 })).toMatch(/\b1 (jour|day|dag)\b/);
  });
});
