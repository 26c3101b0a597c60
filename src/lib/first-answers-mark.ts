/*
 * Whether this page carries a first visit's answers (lib/first-answers.ts), without that module: the start-up (the
 * guards, the session's adoption, which the login page ships too) loads it only on such a page.
 */

export const firstAnswersId = 'first-answers';

export const pageHasFirstAnswers = (): boolean => typeof document !== 'undefined' && document.getElementById(firstAnswersId) !== null;
