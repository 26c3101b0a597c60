// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#db/db';
import type { InvoiceSituationRow } from '#db/schema';
import { HomeAlertModals, useAlertsOnScreen } from '#features/home/components/home-alerts.tsx';
import { useHomeAlerts } from '#features/home/data/use-home-alerts.ts';
import { sessionRow } from '../../fixtures/session-row.ts';
import { renderScreen } from './render-screen.tsx';

/*
 * Home's unpaid-invoice modal (docs/product/home.md "Alert modals") on the invoice situation the server wrote on the
 * device: it says an invoice is past its due date and threatens a suspension only when the server's situation says
 * so (`payUrgently`); an invoice still before its due date is an invoice to pay. Emma, paying by transfer, was told on
 * the 6th that her invoice due on the 16th was past due while the server said nothing was urgent.
 */

// The pulls would reach the network: here they answer "offline", and the alerts decide on the stored rows.
vi.mock('#features/home/data/pulls.ts', () => {
  const offline = () => Promise.reject(new Error('offline'));
  return { pullCustomer: offline, pullInvoiceSituation: offline };
});

// jsdom has no CSS.escape, which react-aria's modal reads its meta tags with.
vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });

const session = sessionRow({ customerId: 4, firstName: 'Emma', lastName: 'Martin' });

const situation = (over: Partial<InvoiceSituationRow>): InvoiceSituationRow => ({
  customerId: 4,
  openInvoiceTotal: -4235,
  pendingDebitTotal: 0,
  firstInvoiceDueDate: '2026-12-16',
  hasOpenInvoice: true,
  isInDebt: true,
  payUrgently: false,
  firstInvoiceIssueDate: '2026-12-01',
  nextInvoiceDate: '2027-01-01',
  nextInvoiceDueDate: '2027-01-16',
  partialPayments: {},
  paymentReference: '+++000/0000/00097+++',
  ...over,
});

/** Home's alerts as the page wires them: the hook, the modal's loading, the modal. */
const Alerts = () => {
  const alerts = useHomeAlerts(session, [], null, true);
  useAlertsOnScreen(alerts);
  return <HomeAlertModals alerts={alerts} activateContractId={null} customerId={4} />;
};

beforeEach(async () => {
  await Promise.all([db.session.clear(), db.invoiceSituations.clear(), db.prefs.clear()]);
  await db.session.put(session);
});
afterEach(cleanup);

describe('the unpaid-invoice modal (fr)', () => {
  it.each<[string, Partial<InvoiceSituationRow>, { title: string; says: string; never: RegExp | null }]>([
    [
      'open and in debt, not yet due (Emma on the 6th, due on the 16th): an invoice to pay',
      { payUrgently: false },
      {
        title: 'Facture à payer',
        says: 'Vous avez une facture ouverte à régler au plus tard à son échéance.',
        never: /dépassée|suspension/,
      },
    ],
    [
      'past due and in debt (the server says so): the urgent text',
      { payUrgently: true, firstInvoiceDueDate: '2026-11-16' },
      {
        title: 'Facture impayée',
        says: 'Vous avez une facture ouverte dont l’échéance est dépassée. Réglez-la rapidement pour éviter une suspension de votre ligne.',
        never: null,
      },
    ],
  ])('%s', async (_name, flags, expected) => {
    await db.invoiceSituations.put(situation(flags));
    await renderScreen(<Alerts />, { lang: 'fr', namespaces: ['home'] });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(expected.title);
    expect(dialog.textContent).toContain(expected.says);
    if (expected.never) expect(dialog.textContent).not.toMatch(expected.never);
    // Either way the customer can pay it, or see the bills.
    expect(within(dialog).getByRole('link', { name: 'Voir mes factures' })).toBeTruthy();
  });
});
