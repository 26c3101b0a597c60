import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { pull, type PullResult } from '#sync/pull';

/*
 * The customer's offers (GET /customer/{id}/offers: promotions of the catalogue for its kind of contract, those
 * granted to its lines, its promotion and referral codes). Read through the offers area's own endpoint: the shared
 * promotions pull of the subscription screens (GET /promotions/by-contract) answers per contract and not the
 * referral code. Offline: nothing is fetched; the stored offers stay with their age.
 */
export const pullOffers = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.offers(customerId),
    force: options.force ?? false,
    tables: [db.offers],
    fetch: () => call(endpoints.customerOffers, { params: { customerId }, silent: true }),
    write: async (answer) => {
      await db.offers.put({ customerId, promo: answer.promo, offers: answer.offers, referral: answer.referral });
    },
  });
