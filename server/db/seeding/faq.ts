import { languages } from '#contract/language';
import { FAQ_ENTRIES } from '../demo/faq.ts';
import type { SeedContext } from './context.ts';

/** The FAQ in every language, positions from 1 in list order. */
export const seedFaq = ({ db }: SeedContext): void => {
  const insertFaq = db.prepare('INSERT INTO faq (lang, question, answer, position) VALUES (?, ?, ?, ?)');
  for (const lang of languages) {
    FAQ_ENTRIES.forEach((entry, index) => insertFaq.run(lang, entry[lang].question, entry[lang].answer, index + 1));
  }
};
