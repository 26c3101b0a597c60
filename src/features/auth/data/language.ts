import type { Language } from '#contract/language';
import { peekSession } from './session-peek.ts';

/**
 * Remember the language on the server for a logged-in user (POST /user/language) and in the local session.
 * Offline: the local change stays and the queued change is sent when back online.
 */
export const saveLanguagePreference = async (lang: Language): Promise<void> => {
  // Read without Dexie: the language menu of the login route must not load the outbox for a visitor.
  const session = await peekSession();
  if (!session || session.language === lang) return;
  // A queued change (language.mutation.ts), loaded with the outbox only now.
  const { queueLanguageChange } = await import('./language.mutation.ts');
  await queueLanguageChange(lang);
};
