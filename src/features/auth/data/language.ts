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
  const [{ enqueue }, { languageEntity, registerMutationTypes }] = await Promise.all([import('#sync/outbox'), import('#sync/mutations')]);
  // The offline core registers the mutation types after the first screen; a change made before must find them.
  registerMutationTypes();
  // A queued change (sync/mutations.ts 'language'): written locally at once, sent now or when back online.
  await enqueue({ type: 'language', entity: languageEntity, endpoint: 'setLanguage', body: { lang } });
};
