import { call } from '#api/client';
import type { Language } from '#contract/common';
import { endpoints } from '#contract/endpoints';
import type { FaqEntry } from '#contract/support';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { FaqEntryRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/** The API's FAQ of one language as rows. */
export const toFaqRows = (lang: Language, faq: readonly FaqEntry[]): FaqEntryRow[] =>
  faq.map((entry) => ({ lang, slug: entry.slug, topic: entry.topic, question: entry.question, answer: entry.answer, position: entry.position }));

/**
 * The FAQ of one language (GET /faq?lang=) into Dexie, replacing that language's questions (a question removed on
 * the server goes here too). Offline: nothing is fetched and the stored FAQ stays, so help opens offline.
 */
export const pullFaq = (lang: Language, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.faq(lang),
    force: options.force ?? false,
    tables: [db.faqEntries],
    fetch: () => call(endpoints.faq, { query: { lang }, silent: true }),
    write: async (answer) => {
      await db.faqEntries.where('lang').equals(lang).delete();
      await db.faqEntries.bulkPut(toFaqRows(lang, answer.faq));
    },
  });
