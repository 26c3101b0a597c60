import { randomInt } from 'node:crypto';
import type { Language } from '#contract/common';
import type { FaqEntry, FaqTopic, SupportTicketListItem, TicketStatus } from '#contract/support';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

/* The support area's repository: the FAQ per language and the contact form's tickets. */

type FaqRow = { id: number; slug: string | null; topic: FaqTopic; question: string; answer: string; position: number };

/** The FAQ of one language in display order; a question without a slug is named by its position. */
export const faqOf = (db: Db, lang: Language): FaqEntry[] =>
  stmt<[Language], FaqRow>(db, 'SELECT id, slug, topic, question, answer, position FROM faq WHERE lang = ? ORDER BY position')
    .all(lang)
    .map((row) => ({ ...row, slug: row.slug ?? `q${row.position}` }));

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

const referenceTaken = (db: Db, reference: string): boolean =>
  stmt<[string], { id: number }>(db, 'SELECT id FROM support_tickets WHERE reference = ?').get(reference) !== undefined;

/** Stores a ticket (inside the route's write transaction) and returns its reference. */
export const insertTicket = (db: Db, ticket: NewTicket): string => {
  let reference = newTicketReference();
  while (referenceTaken(db, reference)) reference = newTicketReference();
  stmt<[number, number, string, string, string, string | null, string | null, number | null, string | null, string | null, string, string]>(
    db,
    `INSERT INTO support_tickets (customer_id, user_id, subject, sub_subject, message, attachment_name, attachment_type,
       attachment_size, attachment_file, attachment_sha256, reference, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    ticket.customerId,
    ticket.userId,
    ticket.subject,
    ticket.subSubject,
    ticket.message,
    ticket.attachment?.name ?? null,
    ticket.attachment?.type ?? null,
    ticket.attachment?.size ?? null,
    ticket.attachment?.file ?? null,
    ticket.attachment?.sha256 ?? null,
    reference,
    ticket.createdAt,
  );
  return reference;
};

type TicketListRow = {
  reference: string;
  subject: string;
  sub_subject: string | null;
  message: string;
  attachment_name: string | null;
  created_at: string;
  status: TicketStatus;
  updated_at: string | null;
};

/** The messages a user wrote, newest first (the contact page on every device). */
export const ticketsOf = (db: Db, userId: number): SupportTicketListItem[] =>
  stmt<[number], TicketListRow>(
    db,
    `SELECT reference, subject, sub_subject, message, attachment_name, created_at, status, updated_at
       FROM support_tickets WHERE user_id = ? AND reference IS NOT NULL ORDER BY created_at DESC, id DESC`,
  )
    .all(userId)
    .map((row) => ({
      reference: row.reference,
      subject: row.subject as SupportTicketListItem['subject'],
      subSubject: row.sub_subject ?? '',
      message: row.message,
      attachmentName: row.attachment_name,
      createdAt: row.created_at,
      status: row.status,
      updatedAt: row.updated_at,
    }));

/** Tickets a user wrote since an instant (the daily cap). */
export const ticketsSince = (db: Db, userId: number, since: string): number =>
  stmt<[number, string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM support_tickets WHERE user_id = ? AND created_at >= ?').get(
    userId,
    since,
  )?.n ?? 0;
