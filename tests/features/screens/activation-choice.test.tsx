// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimOrder } from '#contract/activation';
import { ActivationChoiceForm } from '#features/activation/components/activation-choice-form.tsx';
import { requestNewNumber, requestPortIn } from '#features/activation/data/activation-actions.ts';
import { descriptionOf, renderScreen } from './render-screen.tsx';

/*
 * The SIM activation choice in Dutch (the browser runs the flows in French: e2e/activation.spec.ts): a transfer's
 * fields are checked with the contract's rules before anything is sent, with the Dutch messages at the fields;
 * offline the form waits with the reason and keeps what was typed; a valid new-number request sends the SIM's number.
 */

vi.mock('#features/activation/data/activation-actions.ts', () => ({
  requestNewNumber: vi.fn(() => Promise.resolve({ ok: true, order })),
  requestPortIn: vi.fn(() => Promise.resolve({ ok: true, order })),
}));

const order: SimOrder = {
  uuid: '7f0c1f5e-4b7a-4c2e-9a55-0d5d1c0e8a11',
  orderRef: 'O-0000000042',
  customerId: 9,
  contractId: 12,
  msisdn: '0470123456',
  productName: 'Mega Mobile M',
  status: 'IN_DELIVERY',
  subStatus: null,
  identificationStatus: 'OK',
  fraudStatus: null,
  mode: null,
  portIn: null,
  failure: null,
  identification: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  activatedAt: null,
  events: [
    { step: 'ORDER_VALIDATED', at: '2026-11-20T09:00:00.000Z' },
    { step: 'SIM_SENT', at: '2026-11-21T09:00:00.000Z' },
  ],
  nextStep: null,
};

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

afterEach(() => {
  cleanup();
  setOnline(true);
  vi.mocked(requestNewNumber).mockClear();
  vi.mocked(requestPortIn).mockClear();
});

describe('the activation choice (nl)', () => {
  it('checks a transfer’s fields before anything is sent, with the messages at the fields', async () => {
    await renderScreen(<ActivationChoiceForm order={order} access="public" />, { lang: 'nl', namespaces: ['activation'] });
    fireEvent.click(await screen.findByRole('radio', { name: /^Mijn huidige nummer behouden/ }));
    // A SIM number whose check digit is wrong, and a number too short.
    const iccid = screen.getByLabelText('Nummer van de simkaart');
    fireEvent.input(iccid, { target: { value: '8932010000000000001' } });
    const msisdn = await screen.findByLabelText('Over te zetten nummer');
    fireEvent.input(msisdn, { target: { value: '0278' } });
    fireEvent.click(screen.getByRole('button', { name: 'Overdracht aanvragen' }));
    await waitFor(() => expect(iccid.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(iccid)).toContain('Ongeldig simkaartnummer.');
    expect(msisdn.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(msisdn)).toContain('Belgisch gsm-nummer van 10 cijfers dat begint met 04');
    expect(msisdn).toHaveProperty('value', '0278');
    expect(requestPortIn).not.toHaveBeenCalled();
  });

  it('waits offline with the reason and keeps what was typed, then sends the SIM’s number once online', async () => {
    await renderScreen(<ActivationChoiceForm order={order} access="public" />, { lang: 'nl', namespaces: ['activation'] });
    const iccid = await screen.findByLabelText('Nummer van de simkaart');
    fireEvent.input(iccid, { target: { value: '8932010000000000087' } });
    setOnline(false);
    const submit = screen.getByRole('button', { name: 'Mijn simkaart activeren' });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByText('Voor deze actie is een internetverbinding nodig.')).toBeTruthy();

    setOnline(true);
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(iccid).toHaveProperty('value', '8932010000000000087');
    fireEvent.click(submit);
    await waitFor(() => expect(requestNewNumber).toHaveBeenCalledTimes(1));
    expect(vi.mocked(requestNewNumber).mock.calls[0]?.slice(1)).toEqual(['8932010000000000087', 'public']);
  });
});
