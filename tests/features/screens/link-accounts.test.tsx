// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkAccountsPage } from '#features/offers/components/link-accounts-page.tsx';
import { linkEnergyAccount } from '#features/offers/data/energy-calls.ts';
import { descriptionOf, renderScreen } from './render-screen.tsx';

/*
 * Linking an energy account in French (the browser runs it in Dutch: e2e/support-offers.spec.ts): the login's
 * format and the conditions are checked before anything is sent; a refusal of the energy side (an account linked
 * elsewhere) shows its message and keeps what was typed; a link made is confirmed with its number.
 */

vi.mock('#features/offers/data/use-link-accounts.ts', () => ({
  useLinkAccounts: () => ({
    result: { status: 'ready', data: { customerId: 5, energyId: null, confirmed: false, known: true } },
    settled: true,
  }),
}));

vi.mock('#features/offers/data/energy-calls.ts', () => ({ linkEnergyAccount: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(linkEnergyAccount).mockReset();
});

const form = async () => {
  await renderScreen(<LinkAccountsPage />, { lang: 'fr', namespaces: ['offers'] });
  return {
    login: await screen.findByLabelText('Numéro énergie'),
    password: screen.getByLabelText('Mot de passe de votre espace énergie'),
    accept: screen.getByRole('checkbox'),
    submit: screen.getByRole('button', { name: 'Lier mes comptes' }),
  };
};

describe('linking an energy account (fr)', () => {
  it('checks the login’s format and the conditions before anything is sent', async () => {
    const { login, password, accept, submit } = await form();
    fireEvent.input(login, { target: { value: 'MT00000003' } });
    fireEvent.input(password, { target: { value: 'x' } });
    fireEvent.click(submit);
    await waitFor(() => expect(login.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(login)).toContain('Numéro énergie : ME suivi de chiffres.');
    expect(accept.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(accept)).toBe('Vous devez accepter le transfert de vos données.');
    expect(linkEnergyAccount).not.toHaveBeenCalled();
  });

  it('shows the energy side’s refusal and keeps what was typed, then confirms the link made', async () => {
    vi.mocked(linkEnergyAccount)
      .mockResolvedValueOnce({ ok: false, code: 'energyAlreadyLinked', fields: [] })
      .mockResolvedValueOnce({ ok: true, energyId: 'ME00000005' });
    const { login, password, accept, submit } = await form();
    fireEvent.input(login, { target: { value: 'ME00000001' } });
    fireEvent.input(password, { target: { value: 'Demo!2026' } });
    fireEvent.click(accept);
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Ce compte énergie est déjà lié à un autre compte mobile.');
    expect(login).toHaveProperty('value', 'ME00000001');
    expect(vi.mocked(linkEnergyAccount).mock.calls[0]).toEqual([5, { login: 'ME00000001', password: 'Demo!2026', accept: true }]);

    fireEvent.input(login, { target: { value: 'me00000005' } });
    fireEvent.click(submit);
    expect(await screen.findByText(/^Vos comptes sont liés\..*ME00000005\.$/)).toBeTruthy();
    expect(linkEnergyAccount).toHaveBeenCalledTimes(2);
  });
});
