import { languages } from '#contract/language';
import { FAQ_ENTRIES } from '../demo/faq.ts';
import type { SeedContext } from './context.ts';

/** The FAQ in every language, positions from 1 in list order, each question with its topic and slug. */
export const seedFaq = ({ db }: SeedContext): void => {
  const insertFaq = db.prepare('INSERT INTO faq (lang, question, answer, position, topic, slug) VALUES (?, ?, ?, ?, ?, ?)');
  for (const lang of languages) {
    FAQ_ENTRIES.forEach((entry, index) =>
      insertFaq.run(lang, entry[lang].question, entry[lang].answer, index + 1, entry.topic, entry.slug),
    );
  }
};
