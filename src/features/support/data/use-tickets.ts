import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import type { SupportTicketRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { ticketEntity } from './ticket.mutation.ts';

export type TicketItem = SupportTicketRow & {
  /** The server's refusal of a refused message (its pending change keeps it for a retry). */
  error: { code: string; message: string } | null;
  /** The pending change's key (for retry and discard), while one exists. */
  changeKey: string | null;
};

export type SupportContactData = { customerId: number | null; tickets: TicketItem[] };

/**
 * The contact page's data: the customer and the messages written on this device, newest first, with the state of
 * each one's pending change. Local only (Dexie): the same offline.
 */
export const useSupportContact = (): LiveResult<SupportContactData> =>
  fromLive(
    useLiveQuery(async (): Promise<{ data: SupportContactData }> => {
      const session = await db.session.get('current');
      const customerId = session?.customerId ?? null;
      if (customerId === null) return { data: { customerId, tickets: [] } };
      const [rows, pending] = await Promise.all([
        db.supportTickets.where('customerId').equals(customerId).reverse().sortBy('createdAt'),
        db.pendingMutations.toArray(),
      ]);
      const byEntity = new Map(pending.filter((row) => row.type === 'ticket').map((row) => [row.entity, row]));
      const tickets = rows.map((row): TicketItem => {
        const change = byEntity.get(ticketEntity(row.id));
        return {
          ...row,
          changeKey: change?.key ?? null,
          error: change?.state === 'rejected' && change.error ? { code: change.error.code, message: change.error.message } : null,
        };
      });
      return { data: { customerId, tickets } };
    }, []),
  );
