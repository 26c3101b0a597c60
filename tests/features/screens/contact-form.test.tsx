// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactRow } from '#db/schema';
import { ContactPage } from '#features/settings/components/contact-page.tsx';
import { saveContact } from '#features/settings/data/contact.mutation.ts';
import type * as ContactMutation from '#features/settings/data/contact.mutation.ts';
import { descriptionOf, renderScreen } from './render-screen.tsx';

/*
 * The contact details form in French (the browser runs it in Dutch: e2e/account-forms.spec.ts): a mobile number the
 * rule refuses is said at its field and kept, nothing is saved; a valid change is saved in its national form and
 * said so, and the outcome goes as soon as the customer types again (it no longer describes the form).
 */

const outcome = vi.hoisted(() => ({ current: undefined as { state: 'waiting' | 'applied' | 'rejected' } | undefined }));

vi.mock('#features/settings/data/use-contact.ts', () => ({
  useContact: () => ({
    result: { status: 'ready', data: { customerId: 1, contact, fetchedAt: Date.now(), pending: [], canEdit: true } },
    refresh: () => Promise.resolve(),
    refreshError: null,
  }),
  useChangeOutcome: (key: string | null) => (key === null ? undefined : outcome.current),
}));

vi.mock('#features/settings/data/contact.mutation.ts', async (original) => ({
  ...(await original<typeof ContactMutation>()),
  saveContact: vi.fn(() => Promise.resolve('change-1')),
}));

const contact: ContactRow = {
  customerId: 1,
  id: 1,
  guid: '0b7f3c52-5d1e-4a8e-9a51-1f0c2f3d4e5a',
  language: 'fr',
  civility: 'mrs',
  firstName: 'Sophie',
  lastName: 'Dubois',
  birthDate: '1985-04-12',
  nationality: 'BE',
  phone: null,
  mobile: '0470000001',
  email: 'sophie.dubois@example.be',
  isEmailConfirmed: true,
  residential: true,
  company: null,
  lastUpdate: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  outcome.current = { state: 'applied' };
});

afterEach(() => {
  cleanup();
  vi.mocked(saveContact).mockClear();
});

describe('the contact details form (fr)', () => {
  it('refuses a mobile number the rule does not accept, at its field, keeps it and saves nothing', async () => {
    await renderScreen(<ContactPage />, { lang: 'fr', namespaces: ['settings'] });
    const mobile = await screen.findByLabelText('GSM');
    await waitFor(() => expect(mobile).toHaveProperty('value', '0470000001'));
    fireEvent.input(mobile, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(mobile)).toContain('Numéro de GSM belge de 10 chiffres commençant par 04, sans +32.');
    expect(mobile).toHaveProperty('value', '12345');
    expect(saveContact).not.toHaveBeenCalled();
  });

  it('saves a valid change and says so, until the customer types again', async () => {
    await renderScreen(<ContactPage />, { lang: 'fr', namespaces: ['settings'] });
    const phone = await screen.findByLabelText('Téléphone');
    fireEvent.input(phone, { target: { value: '02 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos coordonnées sont enregistrées.')).toBeTruthy();
    expect(saveContact).toHaveBeenCalledTimes(1);
    // Saved in its national form, as the rule writes it.
    expect(vi.mocked(saveContact).mock.calls[0]?.[2]).toMatchObject({ phone: '021234567', mobile: '0470000001' });
    fireEvent.input(phone, { target: { value: '02 123 45 68' } });
    await waitFor(() => expect(screen.queryByText('Vos coordonnées sont enregistrées.')).toBeNull());
  });

  it('keeps the saved value while the screen still holds the stored row the save started from', async () => {
    // The live query delivers the saved row a moment after the save (here: never, the mock keeps the old row).
    // Resetting the form to the old row then showed the old value again, and a value typed next landed after it.
    await renderScreen(<ContactPage />, { lang: 'fr', namespaces: ['settings'] });
    const firstName = await screen.findByLabelText('Prénom');
    await waitFor(() => expect(firstName).toHaveProperty('value', 'Sophie'));
    fireEvent.input(firstName, { target: { value: 'Sofie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos coordonnées sont enregistrées.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firstName).toHaveProperty('value', 'Sofie');
  });
});
