import { describe, expect, it } from 'vitest';
import type { SimState as SimContract } from '#contract/activation-rules';
import {
  alertConditions,
  alertHiddenMs,
  canActivateSim,
  dueAlerts,
  invoiceAlertTone,
  anyLineBlockedUnpaid,
  isHidden,
  type AlertInput,
  type AlertSituation,
  type InvoiceAlertTone,
} from '#features/home/data/alert-rules.ts';

const ready: SimContract = { status: 'IN_DELIVERY', subStatus: 'SIM_SENT', identificationStatus: 'OK', fraudStatus: 'OK' };
const active: SimContract = { status: 'ACTIVATED', subStatus: 'ACTIVATED', identificationStatus: 'OK', fraudStatus: 'OK' };

describe('canActivateSim (docs/product/activation.md "When a SIM can be activated": IN_DELIVERY + SIM_SENT + identification OK + fraud OK)', () => {
  it.each([
    ['ready', ready, true],
    ['active', active, false],
    ['not in delivery', { ...ready, status: 'IN_VALIDATION' }, false],
    ['SIM delivery failed', { ...ready, subStatus: 'SIM_DELIVERY_FAILED' }, false],
    ['identification needed', { ...ready, identificationStatus: 'NEED_IDENTIFICATION' }, false],
    ['identification missing', { ...ready, identificationStatus: null }, false],
    ['fraud not OK', { ...ready, fraudStatus: 'NOK' }, false],
    ['fraud missing', { ...ready, fraudStatus: null }, false],
  ] as const)('%s → %s', (_name, contract, expected) => {
    expect(canActivateSim(contract)).toBe(expected);
  });
});

const base: Omit<AlertInput, 'closedAt' | 'now'> = { isPlainUser: false, contracts: [active], situation: null, osg: null };

/** The server's situation flags (GET …/invoices/situation), as home stores them. */
const inDebt: AlertSituation = { hasOpenInvoice: true, isInDebt: true, payUrgently: false };
const pastDue: AlertSituation = { ...inDebt, payUrgently: true };

describe('alertConditions', () => {
  it.each([
    ['nothing due', base, []],
    ['owner with a SIM ready', { ...base, contracts: [active, ready] }, ['activateSim']],
    ['plain user with a SIM ready', { ...base, isPlainUser: true, contracts: [ready] }, []],
    ['open invoice and in debt', { ...base, situation: inDebt }, ['invoiceSituation']],
    ['open invoice past due and in debt', { ...base, situation: pastDue }, ['invoiceSituation']],
    ['open invoice, not in debt', { ...base, situation: { ...inDebt, isInDebt: false } }, []],
    ['in debt without open invoice', { ...base, situation: { ...inDebt, hasOpenInvoice: false } }, []],
    ['plain user in debt', { ...base, isPlainUser: true, situation: pastDue }, []],
    ['overspent above the limit', { ...base, osg: { overSpentCredit: 5230, current: 5000 } }, ['overspentLimit']],
    ['overspent exactly at the limit', { ...base, osg: { overSpentCredit: 5000, current: 5000 } }, ['overspentLimit']],
    ['overspent under the limit', { ...base, osg: { overSpentCredit: 4999, current: 5000 } }, []],
    ['plain user over the limit', { ...base, isPlainUser: true, osg: { overSpentCredit: 6000, current: 5000 } }, ['overspentLimit']],
    ['a limit of 0 (none set)', { ...base, osg: { overSpentCredit: 0, current: 0 } }, []],
    [
      'all three, in display order',
      { ...base, contracts: [ready], situation: pastDue, osg: { overSpentCredit: 9000, current: 5000 } },
      ['activateSim', 'invoiceSituation', 'overspentLimit'],
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(alertConditions(input)).toEqual(expected);
  });
});

/*
 * docs/product/home.md "Alert modals", docs/product/invoices.md "Urgent payment": the unpaid-invoice modal says an
 * invoice is past its due date only when the server's situation says so (`payUrgently`, decided on the service's
 * Brussels calendar); an invoice still before its due date is an invoice to pay, not an overdue one. The device never
 * compares due dates itself (Emma, paying by transfer, was told on the 6th that her invoice due on the 16th was late).
 */
describe('the unpaid-invoice modal and its tone, from the server’s flags', () => {
  it.each<[string, AlertSituation | null, InvoiceAlertTone | null]>([
    ['no situation stored yet', null, null],
    ['nothing open', { hasOpenInvoice: false, isInDebt: false, payUrgently: false }, null],
    ['open, owed by pending direct debit only (not a debt)', { hasOpenInvoice: true, isInDebt: false, payUrgently: false }, null],
    ['open, in debt, not yet due (Emma: a transfer due on the 16th, seen on the 6th)', inDebt, 'notYetDue'],
    ['open, in debt, past due, no line blocked', pastDue, 'pastDue'],
    ['open credit note only: money owed to the customer', { hasOpenInvoice: true, isInDebt: false, payUrgently: false }, null],
  ])('%s → %s', (_name, situation, tone) => {
    expect(invoiceAlertTone(situation)).toBe(tone);
  });

  // Issue 43 point 8: Marc's line is already blocked for the unpaid invoice; the modal says "pay to unblock", never
  // "to avoid an interruption".
  const marcLine = { status: 'ACTIVATED', subStatus: 'ACTIVATED', fraudulentBehaviour: false, dunningLevelReached: true } as const;
  const fine = { ...marcLine, dunningLevelReached: false } as const;
  it.each<[string, AlertSituation, readonly (typeof marcLine | typeof fine)[], InvoiceAlertTone | null]>([
    ['past due, a line blocked for it (Marc)', pastDue, [marcLine], 'lineBlocked'],
    ['not yet due, a line blocked for it', inDebt, [marcLine], 'lineBlocked'],
    ['past due, lines working', pastDue, [fine], 'pastDue'],
  ])('%s → %s', (_name, situation, lines, tone) => {
    expect(invoiceAlertTone(situation, anyLineBlockedUnpaid(lines, situation))).toBe(tone);
  });
});

describe('24-hour hiding after closing (docs/product/home.md "Alert modals")', () => {
  const closed = Date.UTC(2026, 0, 10, 12);
  it.each([
    ['never closed', undefined, closed, false],
    ['just closed', closed, closed, true],
    ['23 h 59 later', closed, closed + alertHiddenMs - 60_000, true],
    ['exactly 24 h later', closed, closed + alertHiddenMs, false],
    ['25 h later', closed, closed + alertHiddenMs + 3_600_000, false],
  ] as const)('%s → hidden %s', (_name, closedAt, now, expected) => {
    expect(isHidden(closedAt, now)).toBe(expected);
  });

  it('a closed alert is left out and the next one shows; it comes back after 24 h', () => {
    const input = { ...base, contracts: [ready], situation: inDebt };
    expect(dueAlerts({ ...input, closedAt: { activateSim: closed }, now: closed + 1000 })).toEqual(['invoiceSituation']);
    expect(dueAlerts({ ...input, closedAt: { activateSim: closed }, now: closed + alertHiddenMs + 1 })).toEqual([
      'activateSim',
      'invoiceSituation',
    ]);
  });
});
