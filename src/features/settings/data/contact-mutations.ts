import { contactPatchSchema, type ContactPatch } from '#contract/customer';
import type { ContactRow } from '#db/schema';
import { contactEntity } from '#sync/mutations';
import { enqueue } from '#sync/outbox';

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
 * Offline: saved locally and shown as pending; sent when back online. Returns false when nothing changed.
 */
export const saveContact = async (customerId: number, contact: ContactRow, values: ContactFormValues): Promise<boolean> => {
  const body = contactChanges(contact, values);
  if (!body) return false;
  await enqueue({ type: 'contact', entity: contactEntity(customerId), endpoint: 'patchContact', params: { customerId }, body });
  return true;
};
