import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { isPlainUser } from '#contract/roles';
import { db } from '#db/db';
import type { ContractRow, SessionRow } from '#db/schema';
import { usePull, type PullCallOptions } from '#lib/use-pull';
import { alertClosedKey, alertOrder, anyLineBlockedUnpaid, dueAlerts, invoiceAlertTone, type AlertKind, type InvoiceAlertTone } from './alert-rules.ts';
import { pullCustomer, pullInvoiceSituation } from './pulls.ts';

export type HomeAlerts = {
  /** The alerts to show now, in order; the page shows the first one. */
  due: AlertKind[];
  /** The unpaid-invoice modal's text: past due only when the server's situation says so (null: not due). */
  invoiceTone: InvoiceAlertTone | null;
  /** "Pay now" is offered: the server takes payments online. */
  onlinePayment: boolean;
  /** Everything the rules need has been fetched or has failed: the decision will not change by itself. */
  settled: boolean;
  close: (kind: AlertKind) => Promise<void>;
};

/**
 * What the alerts decide on: the customer's contracts, and the invoice situation (never for a plain user: the server
 * refuses it). A failure settles too: the alerts then decide on the stored rows.
 */
const pullAlertInputs = async (customerId: number, isPlain: boolean, options: PullCallOptions): Promise<void> => {
  await Promise.allSettled([pullCustomer(customerId, options), ...(isPlain ? [] : [pullInvoiceSituation(customerId, options)])]);
};

/**
 * The alert modals of home for the session and its selected contract. Reads contracts, invoice situation, the
 * selected contract's safeguard and the closing times from Dexie; asks for the invoice situation (never for a plain
 * user: the server refuses it). Offline: decides on the stored rows; closing is a local write.
 */
export const useHomeAlerts = (session: SessionRow | null, contracts: readonly ContractRow[], selectedContractId: number | null, usageSettled: boolean): HomeAlerts => {
  const customerId = session?.customerId ?? null;
  const isPlain = session !== null && isPlainUser(session);
  // Re-evaluated every minute, so an alert comes back once its 24 hours are over on a page left open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const pulls = usePull(customerId === null ? null : [customerId, isPlain], pullAlertInputs);
  // The decision is final only once the rows are read after the pulls wrote them: the pulls resolve before the
  // query below has seen their writes, and an alert would otherwise appear after the page said it had settled.
  const inputsPulled = pulls.settled && usageSettled;
  const data = useLiveQuery(async () => {
    const [stored, situation, summary, ...closed] = await Promise.all([
      customerId === null || isPlain ? 0 : db.contracts.where('customerId').equals(customerId).count(),
      customerId === null || isPlain ? undefined : db.invoiceSituations.get(customerId),
      selectedContractId === null ? undefined : db.usageSummaries.get([selectedContractId, 'current']),
      ...alertOrder.map((kind) => db.prefs.get(alertClosedKey(kind))),
    ]);
    const closedAt: Partial<Record<AlertKind, number>> = {};
    alertOrder.forEach((kind, i) => {
      const value = closed[i]?.value;
      if (typeof value === 'number') closedAt[kind] = value;
    });
    const osg = summary?.safeguards.find((s) => s.type === 'OSG');
    return {
      situation: situation ?? null,
      osg: osg ? { overSpentCredit: osg.overSpentCredit, current: osg.current } : null,
      closedAt,
      readAfterPulls: inputsPulled,
      storedContracts: stored,
    };
  }, [customerId, isPlain, selectedContractId, inputsPulled]);

  // A close counts at once, before its write reaches IndexedDB and the query above: the next alert replaces the
  // closed one in the same frame, with no moment where neither shows.
  const [closedHere, setClosedHere] = useState<Partial<Record<AlertKind, number>>>({});

  const due =
    session && data
      ? dueAlerts({ isPlainUser: isPlain, contracts, situation: data.situation, osg: data.osg, closedAt: { ...data.closedAt, ...closedHere }, now })
      : [];
  return {
    due,
    invoiceTone: data ? invoiceAlertTone(data.situation, anyLineBlockedUnpaid(contracts, data.situation)) : null,
    onlinePayment: data?.situation?.onlinePayment !== false,
    // The lines come from home's own query, which may read the customer's answer a moment after this one: until
    // it has (as many lines as stored), a SIM alert could still appear after the page said it had settled.
    settled: data !== undefined && data.readAfterPulls && inputsPulled && (isPlain || contracts.length === data.storedContracts),
    close: async (kind) => {
      const closedAt = Date.now();
      setClosedHere((current) => ({ ...current, [kind]: closedAt }));
      setNow(closedAt);
      await db.prefs.put({ key: alertClosedKey(kind), value: closedAt });
    },
  };
};
