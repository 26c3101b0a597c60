/*
 * The app's languages (docs/product/settings.md "Language") without zod: the login route checks a language (?lang=,
 * the stored choice, the language menu) before any schema is loaded (it ships only what a visitor needs). common.ts
 * builds languageSchema on this list.
 */

export const languages = ['fr', 'nl', 'en'] as const;
export type Language = (typeof languages)[number];
/** fr is the default and the fallback. */
export const defaultLanguage: Language = 'fr';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
