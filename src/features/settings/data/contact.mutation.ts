import { contactPatchSchema, contactSchema, type ContactPatch } from '#contract/customer';
import { pullCustomer } from '#data/customer-pull';
import { db } from '#db/db';
import type { ContactRow } from '#db/schema';
import { defineMutation, enqueue, type MutationPayload } from '#sync/outbox';

/*
 * The contact change (PATCH /customer/{id}/contact), a queued mutation: written locally at once, sent now or when
 * back online, applied once by the server (Idempotency-Key), rolled back with the server's message if refused.
 * The outbox finds this declaration by its file name (`contact` → rows of type 'contact').
 */

/** The queue's entity of a customer's contact: its changes are sent one after the other. */
export const contactEntity = (customerId: number): string => `contact:${customerId}`;

const customerIdOf = (payload: MutationPayload): number => Number(payload.params.customerId);

const editableContactFields = ['civility', 'firstName', 'lastName', 'phone', 'mobile', 'email', 'language'] as const;

/**
 * The contact row with the edited fields applied; '' clears an optional phone number. A new e-mail address is
 * unconfirmed until its link is opened (the server sends the link when it applies the change).
 */
export const applyContactPatch = (row: ContactRow, body: ContactPatch): ContactRow => {
  const next: Record<string, unknown> = { ...row };
  for (const field of editableContactFields) {
    if (!(field in body) || body[field] === undefined) continue;
    const value = body[field];
    next[field] = (field === 'phone' || field === 'mobile') && value === '' ? null : value;
  }
  if (body.email !== undefined && body.email.toLowerCase() !== (row.email ?? '').toLowerCase()) next.isEmailConfirmed = false;
  return next as ContactRow;
};

export const mutation = defineMutation({
  type: 'contact',
  label: 'settings:contact.pendingLabel',
  endpoint: 'patchContact',
  tables: () => [db.contacts],
  apply: async (payload) => {
    const previous = await db.contacts.get(customerIdOf(payload));
    if (previous) await db.contacts.put(applyContactPatch(previous, payload.body));
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
    return { ...payload, body: { ...payload.body, ...(current ? { lastUpdate: current.lastUpdate } : {}) } };
  },
});

/** The editable fields of the contact form, as strings (the form's values). */
export const contactFormSchema = contactPatchSchema.pick({ firstName: true, lastName: true, email: true, phone: true, mobile: true }).required({
  firstName: true,
  lastName: true,
  email: true,
});
export type ContactFormValues = { firstName: string; lastName: string; email: string; phone: string; mobile: string };

export const contactFormValues = (contact: ContactRow): ContactFormValues => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email ?? '',
  phone: contact.phone ?? '',
  mobile: contact.mobile ?? '',
});

/** Only what changed, plus the version the edit was based on (the server answers 412 if it moved meanwhile). */
export const contactChanges = (contact: ContactRow, values: ContactFormValues): ContactPatch | null => {
  const before = contactFormValues(contact);
  const patch: ContactPatch = {};
  for (const field of ['firstName', 'lastName', 'email', 'phone', 'mobile'] as const) {
    if (values[field].trim() !== before[field]) patch[field] = values[field].trim();
  }
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, lastUpdate: contact.lastUpdate };
};

/**
 * Save the contact: a queued change (optimistic in Dexie, Idempotency-Key, replayed until the server answers).
 * Offline: saved locally and shown as pending; sent when back online. Returns the change's key (its pending row
 * until the server applied it), or null when nothing changed.
 */
export const saveContact = async (customerId: number, contact: ContactRow, values: ContactFormValues): Promise<string | null> => {
  const body = contactChanges(contact, values);
  if (!body) return null;
  return enqueue(mutation, { entity: contactEntity(customerId), params: { customerId }, body });
};
