import { faqQuerySchema, faqResponseSchema, supportTicketAnswerSchema, supportTicketListSchema, supportTicketSchema } from '../support.ts';
import { maxAttachmentBytes } from '../validators.ts';
import { define } from './endpoint.ts';

/** Help: the FAQ and the messages to support (docs/product/support.md). */
export const supportEndpoints = define({
  faq: { method: 'GET', base: 'api', path: '/faq', query: faqQuerySchema, response: faqResponseSchema },
  // A message written offline waits in the outbox with its attachment and is sent once when back online.
  supportTicket: {
    method: 'POST',
    base: 'api',
    path: '/support/ticket',
    body: supportTicketSchema,
    response: supportTicketAnswerSchema,
    queued: true,
    multipart: { maxFileBytes: maxAttachmentBytes },
  },
  // The user's messages, from whichever device wrote them, with their status (a cached read like any list).
  supportTickets: { method: 'GET', base: 'api', path: '/support/tickets', response: supportTicketListSchema },
});
