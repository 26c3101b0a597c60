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
  return {
    search: (query) => (query.trim() === '' ? [] : index.search(query).map((result) => String(result.id))),
  };
};
