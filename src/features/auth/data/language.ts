import { call } from '#api/client';
import type { Language } from '#contract/common';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';

/**
 * Remember the language on the server for a logged-in user (POST /user/language) and in the local session.
 * Offline: the local change stays and the server call fails quietly; the mutation queue takes this over later.
 */
export const saveLanguagePreference = async (lang: Language): Promise<void> => {
  const session = await db.session.get('current');
  if (!session || session.language === lang) return;
  await db.session.update('current', { language: lang });
  try {
    await call(endpoints.setLanguage, { body: { lang }, silent: true });
  } catch {
    // Kept locally; sent again on the next change.
  }
};
