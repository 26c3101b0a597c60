import type { CustomerFull } from '#contract/customer';
import type { InvoiceSituation } from '#contract/invoices';
import { isPlainUser } from '#contract/roles';
import type { UsageSummary } from '#contract/usage';
import { normalizeCustomerFull } from '#data/customer-rows';
import { toInvoiceSituationRow } from '#data/invoice-situation-row';
import { toUsageSummaryRow } from '#data/usage-summary-row';
import type { SessionRow } from '#db/schema';
import { keepValueForFirstFrame } from '#lib/first-frame';
import { canActivateSim, dueAlerts, invoiceAlertTone } from './alert-rules.ts';
import type { HomeAlerts } from './use-home-alerts.ts';
import { usageFrameKey, homeUsageOf } from './use-home-usage.ts';
import { assembleHome, homeFrameKey } from './use-home.ts';

/*
 * Home's first frame from the server's answers instead of the device's rows (docs/architecture.md "Start-up", "The
 * first visit on a device"): the server renders home's first answer for a request with a live session
 * (app/first-visit.tsx) from the same rows the pulls would store, so that the app, which stores those answers before
 * its first render, draws the same screen over it. Used by the server's render only; the app reads its rows.
 */

/** The contract home shows for this customer (the URL's ?contractId= forces one, as the route's guard does). */
export const firstVisitContract = (session: SessionRow, full: CustomerFull, forcedContractId: number | null): number | null => {
  const { contractRows } = normalizeCustomerFull(full);
  return assembleHome(session, { customer: undefined, contact: undefined, contracts: contractRows, fetchedAt: undefined }, forcedContractId)
    .selectedContractId;
};

/** Keeps home's first frame (lib/first-frame.ts) as the app would read it once these answers are stored. */
export const keepFirstVisitFrame = (input: {
  session: SessionRow;
  full: CustomerFull;
  summary: UsageSummary | null;
  forcedContractId: number | null;
  /** When the answers were fetched (the freshness notes' age), and the present (forecasts). */
  fetchedAt: number;
  now: number;
}): void => {
  const { session, full, summary, forcedContractId, fetchedAt, now } = input;
  const rows = normalizeCustomerFull(full);
  const home = assembleHome(
    session,
    { customer: rows.customerRow, contact: rows.contactRow, contracts: rows.contractRows, fetchedAt },
    forcedContractId,
  );
  keepValueForFirstFrame(homeFrameKey, { data: home });
  const contractId = home.selectedContractId;
  if (contractId === null || session.customerId === null) return;
  const summaryRow = summary ? toUsageSummaryRow(summary, contractId, 'current') : undefined;
  keepValueForFirstFrame(usageFrameKey(session.customerId, contractId), {
    data: homeUsageOf(summaryRow, summary ? fetchedAt : undefined, now),
  });
};

/** A first visit's alerts: what home's alert modals decide on these answers, nothing closed yet on this device. */
export const firstVisitAlerts = (input: {
  session: SessionRow;
  full: CustomerFull;
  situation: InvoiceSituation | null;
  summary: UsageSummary | null;
  forcedContractId: number | null;
  now: number;
}): { alerts: HomeAlerts; activateContractId: number | null; customerId: number | null } => {
  const { session, full, situation, summary, forcedContractId, now } = input;
  const rows = normalizeCustomerFull(full);
  const home = assembleHome(session, { customer: undefined, contact: undefined, contracts: rows.contractRows, fetchedAt: undefined }, forcedContractId);
  const isPlain = isPlainUser(session);
  const situationRow = situation && session.customerId !== null ? toInvoiceSituationRow(situation, session.customerId) : null;
  const osg =
    summary && home.selectedContractId !== null
      ? toUsageSummaryRow(summary, home.selectedContractId, 'current').safeguards.find((s) => s.type === 'OSG')
      : undefined;
  const due = dueAlerts({
    isPlainUser: isPlain,
    contracts: home.contracts,
    situation: situationRow,
    osg: osg ? { overSpentCredit: osg.overSpentCredit, current: osg.current } : null,
    closedAt: {},
    now,
  });
  return {
    alerts: {
      due,
      invoiceTone: invoiceAlertTone(situationRow),
      onlinePayment: situationRow?.onlinePayment !== false,
      settled: true,
      close: () => Promise.resolve(),
    },
    activateContractId: home.contracts.find(canActivateSim)?.id ?? null,
    customerId: isPlain ? null : session.customerId,
  };
};
