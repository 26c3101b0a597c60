import { isPlainUser } from '#contract/roles';
import { storeFirstCustomer, storeFirstSituation, storeFirstSummary } from '#data/first-visit';
import { pullCustomer, pullInvoiceSituation, pullUsageSummary } from './pulls.ts';
import { readHome } from './use-home.ts';

/**
 * A first visit's page (app/first-visit.tsx) carries the answers of home's first reads: they are stored
 * (data/first-visit.ts) before home's first frame reads its rows, so the app draws the screen the server drew. An
 * answer that cannot be stored so is left to its pull (which takes it from the page, lib/first-answers.ts, or asks
 * the server); a pull that fails leaves its rows to the screen's own pull, as on any start.
 */
export const storeFirstVisit = async (): Promise<void> => {
  const first = await readHome();
  const session = first.data?.session;
  const customerId = session?.customerId ?? null;
  if (!session || customerId === null) return;
  const orPull = (stored: boolean, pull: () => Promise<unknown>) => (stored ? undefined : pull().catch(() => undefined));
  await Promise.all([
    storeFirstCustomer(customerId).then((stored) => orPull(stored, () => pullCustomer(customerId))),
    isPlainUser(session) ? null : storeFirstSituation(customerId).then((stored) => orPull(stored, () => pullInvoiceSituation(customerId))),
  ]);
  const home = await readHome();
  const contractId = home.data?.selectedContractId ?? null;
  if (contractId === null) return;
  const stored = await storeFirstSummary(customerId, contractId);
  await orPull(stored, () => pullUsageSummary(customerId, contractId, 'current'));
};
