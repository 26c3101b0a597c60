import { describe, expect, it } from 'vitest';
import type { Language } from '#contract/language';
import type { FaqEntryRow } from '#db/schema';
import { createFaqIndex } from '#features/support/data/faq-search.ts';
import { FAQ_ENTRIES } from '#server/demo/data/faq';

/** The FAQ as the app stores it, in one language (the demo FAQ is the one the server serves). */
const rowsOf = (lang: Language): FaqEntryRow[] =>
  FAQ_ENTRIES.map((entry, index) => ({
    lang,
    slug: entry.slug,
    topic: entry.topic,
    question: entry[lang].question,
    answer: entry[lang].answer,
    position: index + 1,
  }));

describe('FAQ search finds the answers customers look for, by the words they use (synonyms)', () => {
  it.each<[Language, string, string[]]>([
    ['fr', 'itinérance', ['abroad', 'roaming-costs']],
    ['fr', 'roaming', ['abroad', 'roaming-costs']],
    ['fr', 'etranger', ['abroad', 'roaming-costs']],
    ['fr', 'data', ['roaming-costs']],
    ['fr', 'eSIM', ['esim']],
    ['fr', 'résilier', ['end-contract']],
    ['fr', 'résiliation', ['end-contract']],
    ['fr', 'PUK', ['sim-puk']],
    ['fr', 'facture', ['find-invoice', 'pay-invoice']],
    ['fr', 'garder mon numéro', ['number-transfer']],
    ['nl', 'roaming', ['abroad', 'roaming-costs']],
    ['nl', 'buitenland', ['abroad', 'roaming-costs']],
    ['nl', 'opzeggen', ['end-contract']],
    ['nl', 'esim', ['esim']],
    ['en', 'roaming', ['abroad', 'roaming-costs']],
    ['en', 'cancel contract', ['end-contract']],
    ['en', 'invoice', ['find-invoice', 'pay-invoice']],
  ])('%s "%s" finds %j', (lang, query, slugs) => {
    const found = createFaqIndex(rowsOf(lang)).search(query);
    expect(found).toEqual(expect.arrayContaining(slugs));
  });

  it.each<[Language, string]>([
    ['fr', 'zzzz'],
    ['fr', ''],
    ['nl', 'itinérance résilier'],
  ])('%s "%s" finds nothing (every word must match)', (lang, query) => {
    expect(createFaqIndex(rowsOf(lang)).search(query)).toEqual([]);
  });
});
