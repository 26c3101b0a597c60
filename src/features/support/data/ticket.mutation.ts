import type { z } from 'zod';
import { supportTicketAnswerSchema, type supportTicketFormSchema } from '#contract/support';
import { db } from '#db/db';
import { defineMutation, discardMutation, enqueue, type MutationPayload } from '#sync/outbox';
import { isPayload } from '#sync/outbox/state';
import { attachmentTypeOf, isAttachmentType } from './ticket-form.ts';

/*
 * A message of the contact form (POST /support/ticket), a queued change: it is shown at once as waiting, sent now or
 * when back online, and created once by the server (Idempotency-Key) however often it is sent. Its attachment
 * travels inside the change as a Blob (IndexedDB keeps it); the form data is built when it is sent. A refused
 * message stays on the page, marked refused, so that nothing typed is lost.
 * The path has no parameters: `params` carries the local message's id and the customer, which fillPath ignores.
 */

/** The queue's entity of one message: each message goes on its own. */
export const ticketEntity = (ticketId: string): string => `ticket:${ticketId}`;

const idsOf = (payload: MutationPayload<'supportTicket'>) => ({
  ticketId: String(payload.params.ticketId),
  customerId: Number(payload.params.customerId),
});

export const mutation = defineMutation({
  type: 'ticket',
  label: 'support:contact.pendingLabel',
  endpoint: 'supportTicket',
  tables: () => [db.supportTickets],
  apply: async (payload) => {
    const { ticketId, customerId } = idsOf(payload);
    const previous = await db.supportTickets.get(ticketId);
    await db.supportTickets.put({
      id: ticketId,
      customerId,
      subject: payload.body.subject,
      subSubject: payload.body.subSubject,
      message: payload.body.message,
      attachmentName: payload.body.attachment?.name ?? null,
      createdAt: previous?.createdAt ?? Date.now(),
      state: 'pending',
      reference: null,
      sentAt: null,
    });
    return previous ?? null;
  },
  // Refused: the message stays on the page, marked refused (the pending change keeps its text and file).
  rollback: async (payload) => {
    await db.supportTickets.update(idsOf(payload).ticketId, { state: 'rejected' });
  },
  settle: async (payload, answer) => {
    const parsed = supportTicketAnswerSchema.safeParse(answer);
    if (!parsed.success) return;
    await db.supportTickets.update(idsOf(payload).ticketId, { state: 'sent', reference: parsed.data.reference, sentAt: parsed.data.createdAt });
  },
  // After a refusal nothing is to be fetched; after a discard the message goes from the page too.
  refresh: async (payload) => {
    const { ticketId } = idsOf(payload);
    const waiting = (await db.pendingMutations.toArray()).some((row) => row.entity === ticketEntity(ticketId));
    if (!waiting) await db.supportTickets.delete(ticketId);
  },
});

/** The form's values once its schema accepted them. */
export type TicketValues = z.output<typeof supportTicketFormSchema>;

const newTicketId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Send a message: recorded on this device at once (with its file), sent now or when back online, created once.
 * Offline: it waits, shown as pending. Returns the local message's id.
 */
export const sendTicket = async (customerId: number, values: TicketValues, file: File | null): Promise<string> => {
  const ticketId = newTicketId();
  const type = file ? attachmentTypeOf(file) : '';
  // The form checked the file (ticket-form.ts attachmentError); a type it let through is one of these.
  if (file && !isAttachmentType(type)) throw new TypeError(`not an accepted attachment type: ${type}`);
  await enqueue(mutation, {
    entity: ticketEntity(ticketId),
    params: { ticketId, customerId },
    body: {
      subject: values.subject,
      subSubject: values.subSubject,
      message: values.message,
      ...(file && isAttachmentType(type) ? { attachment: { name: file.name, type, size: file.size, data: file } } : {}),
    },
  });
  return ticketId;
};

/**
 * A refused message back into the form (nothing typed is lost): its text and file, and the refused change is given
 * up (the page's copy goes with it). Null when the change is gone already.
 */
export const takeBackTicket = async (changeKey: string): Promise<{ values: TicketValues; file: File | null } | null> => {
  const row = await db.pendingMutations.get(changeKey);
  if (!row || row.type !== mutation.type || !isPayload(row.payload)) return null;
  const { body } = row.payload as MutationPayload<'supportTicket'>;
  const attachment = body.attachment;
  const file =
    attachment && attachment.data instanceof Blob
      ? attachment.data instanceof File
        ? attachment.data
        : new File([attachment.data], attachment.name, { type: attachment.type })
      : null;
  await discardMutation(changeKey);
  return { values: { subject: body.subject, subSubject: body.subSubject, message: body.message }, file };
};
