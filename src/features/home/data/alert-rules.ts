import { canActivateSim, type SimState } from '#contract/activation-rules';
import { anyLineBlockedForDebt, type ContractStateFacts } from '#contract/contract-state';

/*
 * The alert modals of home (docs/product/home.md "Alert modals"), as pure rules. Offline-safe: they only look at rows
 * already stored.
 * - ActivateSimCard: non-plain users with a SIM ready to activate (IN_DELIVERY + SIM_SENT + identification OK +
 *   fraud OK).
 * - InvoiceSituation: non-plain users with an open invoice and in debt. It says the invoice is past its due date only
 *   when the server's situation says so (`payUrgently`, docs/product/invoices.md "Urgent payment"); otherwise it is an
 *   invoice to pay (see `invoiceAlertTone`).
 * - OverspentLimitReached: the out-of-subscription (OSG) credit overspent is at least the current limit.
 * - A closed alert stays hidden for 24 hours.
 */

export type AlertKind = 'activateSim' | 'invoiceSituation' | 'overspentLimit';

/** Display order when several are due: one modal at a time, the next after the first is closed. */
export const alertOrder: readonly AlertKind[] = ['activateSim', 'invoiceSituation', 'overspentLimit'];

export const alertHiddenMs = 24 * 60 * 60 * 1000;

export const alertClosedKey = (kind: AlertKind) => `alertClosed:${kind}`;

/**
 * docs/product/activation.md "When a SIM can be activated": the SIM can be activated when in delivery, SIM sent,
 * identification OK and fraud OK (contract/activation-rules.ts).
 */
export { canActivateSim } from '#contract/activation-rules';

/** The invoice situation's flags as the server computed them (GET …/invoices/situation), stored on the device. */
export type AlertSituation = { hasOpenInvoice: boolean; isInDebt: boolean; payUrgently: boolean };

/**
 * The unpaid-invoice modal's three texts: a line already blocked for it (pay to unblock, never "to avoid an
 * interruption"), an invoice past its due date, or one still to pay before it.
 */
export type InvoiceAlertTone = 'lineBlocked' | 'pastDue' | 'notYetDue';

/** Whether one of the lines is blocked for an unpaid invoice (contract/contract-state.ts `anyLineBlockedForDebt`). */
export const anyLineBlockedUnpaid = (contracts: readonly ContractStateFacts[], situation: AlertSituation | null): boolean =>
  anyLineBlockedForDebt(contracts, situation?.isInDebt ?? false);

/**
 * Whether the unpaid-invoice modal is due (an open invoice and in debt), and in which tone. "Past due" is the server's
 * word (`payUrgently`: the first open due date has passed on the service's Brussels calendar and the customer is in
 * debt); the device never compares due dates itself, so a customer paying by transfer is not told that an invoice due
 * on the 16th is late on the 6th. Null when no modal is due.
 */
export const invoiceAlertTone = (situation: AlertSituation | null, lineBlocked = false): InvoiceAlertTone | null => {
  if (situation === null || !situation.hasOpenInvoice || !situation.isInDebt) return null;
  if (lineBlocked) return 'lineBlocked';
  return situation.payUrgently ? 'pastDue' : 'notYetDue';
};

export type AlertInput = {
  isPlainUser: boolean;
  contracts: readonly SimState[];
  situation: AlertSituation | null;
  /** The selected contract's OSG safeguard, amounts in cents. */
  osg: { overSpentCredit: number; current: number } | null;
  /** When each alert was last closed (epoch ms). */
  closedAt: Partial<Record<AlertKind, number>>;
  now: number;
};

/** Hidden until 24 hours after closing (a closing time ahead of the clock counts as just closed). */
export const isHidden = (closedAt: number | undefined, now: number): boolean =>
  closedAt !== undefined && now - closedAt < alertHiddenMs;

/** The alerts whose condition holds, ignoring the 24-hour hiding. */
export const alertConditions = ({ isPlainUser, contracts, situation, osg }: Omit<AlertInput, 'closedAt' | 'now'>): AlertKind[] => {
  const due: AlertKind[] = [];
  if (!isPlainUser && contracts.some(canActivateSim)) due.push('activateSim');
  if (!isPlainUser && invoiceAlertTone(situation) !== null) due.push('invoiceSituation');
  if (osg !== null && osg.current > 0 && osg.overSpentCredit >= osg.current) due.push('overspentLimit');
  return due;
};

/** The alerts to show now, in display order. */
export const dueAlerts = (input: AlertInput): AlertKind[] =>
  alertConditions(input).filter((kind) => !isHidden(input.closedAt[kind], input.now));
