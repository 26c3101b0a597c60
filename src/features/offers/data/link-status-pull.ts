import { call } from '#api/client';
import { energyRefAfterStatus, normalizeLinkStatus, type LinkStatus } from '#contract/energy';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { pull, type PullResult } from '#sync/pull';

/**
 * Writes a link status where the app reads it (inside a transaction over customers and session): the customer's
 * energy id and confirmation (docs/product/offers.md "Energy link": no id, never confirmed), and the user's energy
 * reference, which changes only when the link is confirmed and an id exists.
 */
export const writeLinkStatus = async (customerId: number, status: LinkStatus): Promise<void> => {
  const normalized = normalizeLinkStatus(status);
  await db.customers.update(customerId, { energyId: normalized.energyId, energyLinkConfirmed: normalized.energyLinkConfirmed });
  const session = await db.session.get('current');
  if (session && session.customerId === customerId) {
    const energyRef = energyRefAfterStatus(session.energyRef, normalized);
    if (energyRef !== session.energyRef) await db.session.update('current', { energyRef });
  }
};

/**
 * The energy link's state (GET /customer/{id}/link-status) onto the customer row and the session. Owners and admins
 * only (a plain user is refused by the server). Offline: nothing is fetched; the stored state stays.
 */
export const pullLinkStatus = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.linkStatus(customerId),
    force: options.force ?? false,
    tables: [db.customers, db.session],
    fetch: () => call(endpoints.linkStatus, { params: { customerId }, silent: true }),
    write: (status) => writeLinkStatus(customerId, status),
  });
