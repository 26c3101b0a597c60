import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import type { SupportTicketRow } from '#db/schema';
import { resourceKeys } from '#db/resource-keys';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { pullSupportTickets } from './tickets-pull.ts';
import { ticketEntity } from './ticket.mutation.ts';

export type TicketItem = SupportTicketRow & {
  /** The server's refusal of a refused message (its pending change keeps it for a retry). */
  error: { code: string; message: string } | null;
  /** The pending change's key (for retry and discard), while one exists. */
  changeKey: string | null;
};

export type SupportContactData = { customerId: number | null; userGuid: string | null; tickets: TicketItem[]; fetchedAt: number | undefined };

/**
 * The contact page's data: the customer and the user's messages, newest first: those the server lists (written on
 * any device, with their status) and those still waiting on this device, each with the state of its pending change.
 * Read from Dexie, pulled when older than 15 minutes: offline, the stored list with its age.
 */
export const useSupportContact = (): { result: LiveResult<SupportContactData>; refresh: () => Promise<void>; settled: boolean } => {
  const result = fromLive(
    useLiveQuery(async (): Promise<{ data: SupportContactData }> => {
      const session = await db.session.get('current');
      const customerId = session?.customerId ?? null;
      const userGuid = session?.userGuid ?? null;
      if (customerId === null || userGuid === null) return { data: { customerId, userGuid, tickets: [], fetchedAt: undefined } };
      const [stored, pending, meta] = await Promise.all([
        db.supportTickets.where('customerId').equals(customerId).reverse().sortBy('createdAt'),
        db.pendingMutations.toArray(),
        db.meta.get(resourceKeys.supportTickets(userGuid)),
      ]);
      // A message sent from here and already listed by the server shows once: as the server keeps it.
      const listed = new Set(stored.filter((row) => row.id === row.reference).map((row) => row.reference));
      const rows = stored.filter((row) => row.id === row.reference || row.reference === null || !listed.has(row.reference));
      const byEntity = new Map(pending.filter((row) => row.type === 'ticket').map((row) => [row.entity, row]));
      const tickets = rows.map((row): TicketItem => {
        const change = byEntity.get(ticketEntity(row.id));
        return {
          ...row,
          changeKey: change?.key ?? null,
          error: change?.state === 'rejected' && change.error ? { code: change.error.code, message: change.error.message } : null,
        };
      });
      return { data: { customerId, userGuid, tickets, fetchedAt: meta?.fetchedAt } };
    }, []),
  );
  const data = result.status === "ready" ? result.data : null;
  const ids = data && data.userGuid !== null && data.customerId !== null ? { userGuid: data.userGuid, customerId: data.customerId } : null;
  const { refresh, settled } = usePull(ids ? ([ids.userGuid, ids.customerId] as [string, number]) : null, pullSupportTickets);
  return { result, refresh, settled };
};
