import type { EntityTable, Table } from 'dexie';
import type { Language } from '#contract/common';
import type { TicketStatus } from '#contract/support';

/*
 * The FAQ and the messages to support (docs/product/support.md).
 */

/** One question of the FAQ in one language (GET /faq?lang=), kept for help offline. */
export type FaqEntryRow = {
  lang: Language;
  slug: string;
  topic: 'usage' | 'billing' | 'abroad' | 'sim' | 'account' | 'offers';
  question: string;
  answer: string;
  position: number;
};

/**
 * A message of the contact form written on this device: `pending` while it waits in the outbox (offline, or on its
 * way), `sent` once the server answered with its reference, `rejected` when the server refused it (its pending
 * change keeps the text and file for a retry). The message itself travels in the pending change.
 */
export type SupportTicketRow = {
  /** The local id (also the queued change's entity). */
  id: string;
  customerId: number;
  subject: string;
  subSubject: string;
  message: string;
  attachmentName: string | null;
  createdAt: number;
  state: 'pending' | 'sent' | 'rejected';
  reference: string | null;
  sentAt: string | null;
  /** Where a sent message stands at customer service, once the server listed it (GET /support/tickets). */
  status?: TicketStatus;
};

/** The tables of this area in the app database. */
export type SupportTables = {
  faqEntries: Table<FaqEntryRow, [Language, string]>;
  supportTickets: EntityTable<SupportTicketRow, 'id'>;
};
