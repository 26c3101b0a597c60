import type { Language } from '#contract/language';
import { db } from '#db/db';
import { defineMutation, enqueue } from '#sync/outbox';

/*
 * The user's language on the server (POST /user/language), a queued mutation: the local session takes it at once,
 * the server when online. Loaded only when the language changes for a logged-in user, or when the outbox settles
 * such a change (found by its file name: rows of type 'language').
 */

/** One entity: the language changes of the session, sent one after the other. */
const languageEntity = 'language';

export const mutation = defineMutation({
  type: 'language',
  label: 'auth:language.pendingLabel',
  endpoint: 'setLanguage',
  tables: () => [db.session],
  apply: async (payload) => {
    const session = await db.session.get('current');
    if (session) await db.session.update('current', { language: payload.body.lang });
    return session?.language ?? null;
  },
  rollback: async (_payload, previous) => {
    if (typeof previous === 'string') await db.session.update('current', { language: previous as Language });
  },
});

/** Queue the language change: written locally at once, sent now or when back online. */
export const queueLanguageChange = async (lang: Language): Promise<void> => {
  await enqueue(mutation, { entity: languageEntity, body: { lang } });
};
