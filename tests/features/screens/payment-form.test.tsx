// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoicingRow } from '#db/schema';
import { PaymentPage } from '#features/invoices/components/payment-page.tsx';
import type * as InvoicingMutation from '#features/invoices/data/invoicing.mutation.ts';
import { savePaymentDetails } from '#features/invoices/data/invoicing.mutation.ts';
import { descriptionOf, renderScreen } from './render-screen.tsx';

/*
 * The payment details form in Dutch (the browser runs it in French: e2e/invoices.spec.ts): a wrong IBAN is refused
 * next to its field with the Dutch message and keeps what was typed, nothing is saved; a valid change is saved with
 * what was typed and said so.
 */

vi.mock('#features/invoices/data/use-payment-details.ts', () => ({
  usePaymentDetails: () => ({
    result: {
      status: 'ready',
      data: { customerId: 1, invoicing: row, creditor: undefined, fetchedAt: Date.now(), pending: [], canEdit: true },
    },
    refresh: () => Promise.resolve(),
    refreshError: null,
  }),
}));

vi.mock('#features/invoices/data/invoicing.mutation.ts', async (original) => ({
  ...(await original<typeof InvoicingMutation>()),
  savePaymentDetails: vi.fn(() => Promise.resolve(true)),
}));

const row: InvoicingRow = {
  customerId: 1,
  id: 1,
  address: { street: 'Wetstraat', number: '16', box: null, city: 'Brussel', zipCode: '1000', country: 'BE' },
  payment: { iban: 'BE68539007547034', bic: 'GKCCBEBB', mode: 'BT', mandateDate: null },
  holder: { firstName: 'Marc', lastName: 'Peeters', email: 'marc.peeters@example.be' },
  lastUpdate: '2026-11-01T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.mocked(savePaymentDetails).mockClear();
});

describe('the payment details form (nl)', () => {
  it('refuses a wrong IBAN next to its field, keeps what was typed and saves nothing', async () => {
    await renderScreen(<PaymentPage />, { lang: 'nl', namespaces: ['invoices'] });
    const iban = await screen.findByLabelText('IBAN');
    await waitFor(() => expect(iban).toHaveProperty('value', 'BE68539007547034'));
    // A Belgian IBAN whose check digits are wrong.
    fireEvent.input(iban, { target: { value: 'BE41539007547035' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(iban)).toContain('Ongeldig IBAN.');
    expect(iban).toHaveProperty('value', 'BE41539007547035');
    expect(savePaymentDetails).not.toHaveBeenCalled();
  });

  it('saves a valid change with what was typed, and says so', async () => {
    await renderScreen(<PaymentPage />, { lang: 'nl', namespaces: ['invoices'] });
    const city = await screen.findByLabelText('Gemeente');
    await waitFor(() => expect(city).toHaveProperty('value', 'Brussel'));
    fireEvent.input(city, { target: { value: 'Leuven' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Uw betaalgegevens zijn opgeslagen.')).toBeTruthy();
    expect(savePaymentDetails).toHaveBeenCalledTimes(1);
    expect(vi.mocked(savePaymentDetails).mock.calls[0]?.[2]).toMatchObject({ city: 'Leuven', iban: 'BE68539007547034', mode: 'BT' });
    expect(screen.queryByText('Ongeldig IBAN.')).toBeNull();
  });
});
