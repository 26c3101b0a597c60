import { isPlainUser } from '#contract/roles';
import { pullCustomer, pullInvoiceSituation, pullUsageSummary } from './pulls.ts';
import { readHome } from './use-home.ts';

/**
 * A first visit's page (app/first-visit.tsx) carries the answers of home's first reads: the pulls store them
 * (the API client takes them from the page, lib/first-answers.ts) before home's first frame reads its rows, so the
 * app draws the screen the server drew. A pull that fails leaves its rows to the screen's own pull, as on any start.
 */
export const storeFirstVisit = async (): Promise<void> => {
  const first = await readHome();
  const customerId = first.data?.session.customerId ?? null;
  if (customerId === null) return;
  const session = first.data?.session;
  await Promise.all([
    pullCustomer(customerId).catch(() => undefined),
    session && !isPlainUser(session) ? pullInvoiceSituation(customerId).catch(() => undefined) : null,
  ]);
  const home = await readHome();
  const contractId = home.data?.selectedContractId ?? null;
  if (contractId !== null) await pullUsageSummary(customerId, contractId, 'current').catch(() => undefined);
};
