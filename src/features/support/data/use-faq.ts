import { useLiveQuery } from 'dexie-react-hooks';
import { isLanguage, type Language } from '#contract/language';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { FaqEntryRow } from '#db/schema';

export type { FaqEntryRow };
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { pullFaq } from './faq-pull.ts';

export type FaqData = {
  entries: FaqEntryRow[];
  /** The language the entries are in: the page's, or (offline, never loaded in it) another stored one. */
  shownLang: Language | null;
  fetchedAt: number | undefined;
};

/**
 * The FAQ in the page's language, from Dexie; pulled when older than 15 minutes. Offline: the stored FAQ with its
 * age; if this language was never loaded, the questions stored in another language rather than nothing.
 */
export const useFaq = (lang: string): { result: LiveResult<FaqData>; refresh: () => Promise<void>; refreshError: unknown; settled: boolean } => {
  const language: Language = isLanguage(lang) ? lang : 'fr';
  const result = fromLive(
    useLiveQuery(async () => {
      const own = await db.faqEntries.where('lang').equals(language).sortBy('position');
      const meta = await db.meta.get(resourceKeys.faq(language));
      if (own.length > 0) return { data: { entries: own, shownLang: language, fetchedAt: meta?.fetchedAt } };
      const other = (await db.faqEntries.toArray()).sort((a, b) => a.position - b.position);
      const otherLang = other[0]?.lang ?? null;
      const entries = other.filter((entry) => entry.lang === otherLang);
      const otherMeta = otherLang ? await db.meta.get(resourceKeys.faq(otherLang)) : undefined;
      return { data: { entries, shownLang: otherLang, fetchedAt: otherMeta?.fetchedAt } };
    }, [language]),
  );
  const { refresh, refreshError, settled } = usePull([language], pullFaq);
  return { result, refresh, refreshError, settled };
};
