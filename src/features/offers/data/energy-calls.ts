import { ApiError, call } from '#api/client';
import type { EnergyLinkRequest } from '#contract/energy';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { withQuery } from '#lib/route-paths';
import { writeLinkStatus } from './link-status-pull.ts';

/*
 * The energy calls (docs/product/offers.md "One-click energy login", "Energy link"), online only: the portal's
 * one-click login and the link of an energy account.
 */

/** A refused or failed call, as the screens show it: the error code (errors:<code>) and the fields at fault. */
export type Failure = { ok: false; code: string; fields: { field: string; message: string }[] };

const failureOf = (error: unknown): Failure =>
  error instanceof ApiError ? { ok: false, code: error.code, fields: error.fields } : { ok: false, code: 'serverError', fields: [] };

/**
 * The portal's one-click address: POST /user/relog gives the portal's one-click link, the energy login, the user's
 * guid and a single-use token valid a few minutes; the portal opens with them. Online only.
 */
export const oneClickEnergyUrl = async (): Promise<{ ok: true; url: string } | Failure> => {
  try {
    const answer = await call(endpoints.relog, { body: {}, silent: true });
    // An empty link: no one-click login can be made (the accounts are not linked, or no longer).
    if (answer.link === '') return { ok: false, code: 'energyNotLinked', fields: [] };
    return { ok: true, url: withQuery(answer.link, { login: answer.login, guid: answer.guid, token: answer.token }) };
  } catch (error) {
    return failureOf(error);
  }
};

/**
 * Link an energy account (POST /user/link), online only: the answer's state is written at once where the app reads
 * it (customer row, session's energy reference, its fetch time). A refusal comes back with the server's code and
 * fields (wrong password, already linked in either direction).
 */
export const linkEnergyAccount = async (customerId: number, values: EnergyLinkRequest): Promise<{ ok: true; energyId: string | null } | Failure> => {
  try {
    const status = await call(endpoints.linkEnergy, { body: values, silent: true });
    await db.transaction('rw', [db.customers, db.session, db.meta], async () => {
      await writeLinkStatus(customerId, status);
      await db.meta.put({ resource: resourceKeys.linkStatus(customerId), fetchedAt: Date.now() });
    });
    return { ok: true, energyId: status.energyId };
  } catch (error) {
    return failureOf(error);
  }
};
