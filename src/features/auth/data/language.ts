import type { Language } from '#contract/common';
import { db } from '#db/db';
import { languageEntity } from '#sync/mutations';
import { enqueue } from '#sync/outbox';

/**
 * Remember the language on the server for a logged-in user (POST /user/language) and in the local session.
 * Offline: the local change stays and the queued change is sent when back online.
 */
export const saveLanguagePreference = async (lang: Language): Promise<void> => {
  const session = await db.session.get('current');
  if (!session || session.language === lang) return;
  // A queued change (sync/mutations.ts 'language'): written locally at once, sent now or when back online.
  await enqueue({ type: 'language', entity: languageEntity, endpoint: 'setLanguage', body: { lang } });
};
