import { languages } from '#contract/language';
import { FAQ_ENTRIES } from '../data/faq.ts';
import type { SeedContext } from './context.ts';

/** The FAQ in every language, positions from 1 in list order, each question with its topic and slug. */
export const seedFaq = async ({ db }: SeedContext): Promise<void> => {
  for (const lang of languages) {
    for (const [index, entry] of FAQ_ENTRIES.entries()) {
      await db
        .insertInto('faq')
        .values({
          lang,
          question: entry[lang].question,
          answer: entry[lang].answer,
          position: index + 1,
          topic: entry.topic,
          slug: entry.slug,
        })
        .execute();
    }
  }
};
