import MiniSearch from 'minisearch';
import type { FaqEntryRow } from '#db/schema';

/*
 * Instant search in the FAQ (MiniSearch, in memory, a few dozen questions): as you type, prefix and typo-tolerant,
 * and insensitive to case and accents in French, Dutch and English alike ("etranger" finds « étranger », "domicilieri"
 * finds "domiciliëring"). Pure and synchronous: works offline on the stored questions.
 */

/** Lower case without diacritics: the form both the index and the query are compared in. */
export const foldTerm = (term: string): string =>
  term
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Words customers use for the same thing, in any of the three languages (docs/product/support.md "FAQ search"): a
 * query word finds the answers that use any word of its group, so "itinérance", "roaming" and "étranger" find the
 * roaming answers, "résilier" finds "ending a contract" and "data" the answers about mobile data. Folded forms.
 */
const synonymGroups: readonly (readonly string[])[] = [
  ['roaming', 'itinerance', 'etranger', 'buitenland', 'abroad', 'voyage', 'reis', 'travel'],
  ['data', 'donnees', 'internet', 'gigaoctet', 'gigabyte'],
  ['esim', 'e-sim'],
  ['resilier', 'resiliation', 'opzeggen', 'opzegging', 'terminate', 'cancel', 'end'],
  ['facture', 'factures', 'factuur', 'facturen', 'invoice', 'invoices', 'bill', 'bills'],
  ['transfert', 'portabilite', 'overdracht', 'overzetten', 'transfer', 'keep'],
  ['puk', 'pin', 'deblocage', 'deblokkeren', 'unblock'],
  ['forfait', 'bundel', 'bundle'],
];

const synonymsOf = new Map<string, readonly string[]>();
for (const group of synonymGroups) for (const word of group) synonymsOf.set(word, group);

export type FaqIndex = { search: (query: string) => string[] };

/** An index of the questions and answers of one language; `search` gives the matching slugs, best first. */
export const createFaqIndex = (entries: readonly FaqEntryRow[]): FaqIndex => {
  const index = new MiniSearch<FaqEntryRow>({
    idField: 'slug',
    fields: ['question', 'answer'],
    processTerm: (term) => {
      const folded = foldTerm(term);
      // Single letters (French elisions: l’, d’) match everything as a prefix: not indexed, not searched.
      return folded.length > 1 ? folded : null;
    },
    searchOptions: {
      boost: { question: 3 },
      prefix: true,
      // A typo is tolerated in words of 5 letters or more only: shorter ones would match too much.
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  index.addAll(entries);
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  return {
    search: (query) => {
      if (query.trim() === '') return [];
      // Each word of the query, or any of its synonyms; every word must match (AND), as before.
      const words = tokenize(query)
        .map(foldTerm)
        .filter((word) => word.length > 1);
      if (words.length === 0) return [];
      const tree = {
        combineWith: 'AND' as const,
        queries: words.map((word) => ({ combineWith: 'OR' as const, queries: [...(synonymsOf.get(word) ?? [word])] })),
      };
      return index.search(tree).map((result) => String(result.id));
    },
  };
};
