import { contactSchema } from '#contract/customer';
import type { Language } from '#contract/common';
import { db } from '#db/db';
import type { ContactRow } from '#db/schema';
import { contactEntity, pullCustomer } from './customer-pull.ts';
import { registerMutation, type MutationPayload } from './outbox.ts';

/*
 * The queued change types of the app and how each one writes optimistically, rolls back and settles. They live
 * in sync/ (not in a feature) because the outbox replays them at app start, before any feature screen loaded;
 * later issues add their types here (payment, limits, notifications, privacy …).
 */

const customerIdOf = (payload: MutationPayload): number => Number(payload.params.customerId);

const editableContactFields = ['civility', 'firstName', 'lastName', 'phone', 'mobile', 'email', 'language'] as const;

/** The contact row with the edited fields applied; '' clears an optional phone number. */
export const applyContactPatch = (row: ContactRow, body: Record<string, unknown>): ContactRow => {
  const next: Record<string, unknown> = { ...row };
  for (const field of editableContactFields) {
    if (!(field in body) || body[field] === undefined) continue;
    const value = body[field];
    next[field] = (field === 'phone' || field === 'mobile') && value === '' ? null : value;
  }
  return next as ContactRow;
};

export { contactEntity };
export const languageEntity = 'language';

let registered = false;

export const registerMutationTypes = (): void => {
  if (registered) return;
  registered = true;

  registerMutation('contact', {
    tables: () => [db.contacts],
    apply: async (payload) => {
      const previous = await db.contacts.get(customerIdOf(payload));
      if (previous) await db.contacts.put(applyContactPatch(previous, payload.body as Record<string, unknown>));
      return previous ?? null;
    },
    rollback: async (payload, previous) => {
      if (previous) await db.contacts.put(previous as ContactRow);
      else await db.contacts.delete(customerIdOf(payload));
    },
    settle: async (payload, answer) => {
      const parsed = contactSchema.safeParse(answer);
      if (!parsed.success) return;
      // Results may arrive out of order (worker replay and page send): never go back to an older version.
      const current = await db.contacts.get(customerIdOf(payload));
      if (current && current.lastUpdate > parsed.data.lastUpdate) return;
      await db.contacts.put({ ...parsed.data, customerId: customerIdOf(payload) });
    },
    advanceVersion: async (payload, version) => {
      await db.contacts.update(customerIdOf(payload), { lastUpdate: version });
    },
    refresh: async (payload) => {
      await pullCustomer(customerIdOf(payload), { force: true });
    },
    // A retried change is the user's decision to apply it over the current server version.
    rebase: async (payload) => {
      const current = await db.contacts.get(customerIdOf(payload));
      const body = { ...(payload.body as Record<string, unknown>), ...(current ? { lastUpdate: current.lastUpdate } : {}) };
      return { ...payload, body };
    },
  });

  registerMutation('language', {
    tables: () => [db.session],
    apply: async (payload) => {
      const session = await db.session.get('current');
      const lang = (payload.body as { lang: Language }).lang;
      if (session) await db.session.update('current', { language: lang });
      return session?.language ?? null;
    },
    rollback: async (_payload, previous) => {
      if (typeof previous === 'string') await db.session.update('current', { language: previous as Language });
    },
  });
};
