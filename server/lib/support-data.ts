import { randomInt } from 'node:crypto';
import type { Language } from '#contract/common';
import type { FaqEntry, SupportTicketListItem } from '#contract/support';
import type { Db } from '../db/engine.ts';

/* The support area's repository: the FAQ per language and the contact form's tickets. */

/** The FAQ of one language in display order; a question without a slug is named by its position. */
export const faqOf = async (db: Db, lang: Language): Promise<FaqEntry[]> =>
  (
    await db
      .selectFrom('faq')
      .select(['id', 'slug', 'topic', 'question', 'answer', 'position'])
      .where('lang', '=', lang)
      .orderBy('position')
      .execute()
  ).map((row) => ({ ...row, slug: row.slug ?? `q${row.position}` }));

export type NewTicket = {
  customerId: number;
  userId: number;
  subject: string;
  subSubject: string;
  message: string;
  attachment: { name: string; type: string; size: number; file: string; sha256: string } | null;
  createdAt: string;
};

// No 0/O, 1/I/L: a reference read out on the phone is not misheard.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A ticket reference: `SR-` and 8 characters, random so that references do not reveal how many tickets exist. */
export const newTicketReference = (): string => {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `SR-${code}`;
};

const referenceTaken = async (db: Db, reference: string): Promise<boolean> =>
  (await db.selectFrom('support_tickets').select('id').where('reference', '=', reference).executeTakeFirst()) !== undefined;

/** Stores a ticket (inside the route's write transaction) and returns its reference. */
export const insertTicket = async (db: Db, ticket: NewTicket): Promise<string> => {
  let reference = newTicketReference();
  while (await referenceTaken(db, reference)) reference = newTicketReference();
  await db
    .insertInto('support_tickets')
    .values({
      customer_id: ticket.customerId,
      user_id: ticket.userId,
      subject: ticket.subject,
      sub_subject: ticket.subSubject,
      message: ticket.message,
      attachment_name: ticket.attachment?.name ?? null,
      attachment_type: ticket.attachment?.type ?? null,
      attachment_size: ticket.attachment?.size ?? null,
      attachment_file: ticket.attachment?.file ?? null,
      attachment_sha256: ticket.attachment?.sha256 ?? null,
      reference,
      created_at: ticket.createdAt,
    })
    .execute();
  return reference;
};

/** The messages a user wrote, newest first (the contact page on every device). */
export const ticketsOf = async (db: Db, userId: number): Promise<SupportTicketListItem[]> =>
  (
    await db
      .selectFrom('support_tickets')
      .select(['reference', 'subject', 'sub_subject', 'message', 'attachment_name', 'created_at', 'status', 'updated_at'])
      .where('user_id', '=', userId)
      .where('reference', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map((row) => ({
    reference: row.reference ?? '',
    subject: row.subject as SupportTicketListItem['subject'],
    subSubject: row.sub_subject ?? '',
    message: row.message,
    attachmentName: row.attachment_name,
    createdAt: row.created_at,
    status: row.status,
    updatedAt: row.updated_at,
  }));

/** Tickets a user wrote since an instant (the daily cap). */
export const ticketsSince = async (db: Db, userId: number, since: string): Promise<number> =>
  (
    await db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirst()
  )?.n ?? 0;
