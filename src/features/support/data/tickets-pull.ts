import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { SupportTicketListItem } from '#contract/support';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { SupportTicketRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/** A message the server lists, as a row: its reference names it on every device. */
export const toTicketRow = (customerId: number, ticket: SupportTicketListItem): SupportTicketRow => ({
  id: ticket.reference,
  customerId,
  subject: ticket.subject,
  subSubject: ticket.subSubject,
  message: ticket.message,
  attachmentName: ticket.attachmentName,
  createdAt: Date.parse(ticket.createdAt),
  state: 'sent',
  reference: ticket.reference,
  sentAt: ticket.createdAt,
  status: ticket.status,
});

/**
 * The user's messages from the server (GET /support/tickets), written on any device, with their status. A sent
 * message is the server's from now on: the rows of sent messages are replaced by the list, and messages still
 * waiting on this device (or refused) stay as they are, on top. Offline: nothing is fetched and the stored list stays.
 */
export const pullSupportTickets = (userGuid: string, customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.supportTickets(userGuid),
    force: options.force ?? false,
    tables: [db.supportTickets],
    fetch: () => call(endpoints.supportTickets, { silent: true }),
    write: async (answer) => {
      await db.supportTickets
        .where('customerId')
        .equals(customerId)
        .filter((row) => row.state === 'sent')
        .delete();
      await db.supportTickets.bulkPut(answer.tickets.map((ticket) => toTicketRow(customerId, ticket)));
    },
  });
