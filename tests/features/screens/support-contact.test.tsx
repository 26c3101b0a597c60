// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupportContactPage } from '#features/support/components/contact-page.tsx';
import { sendTicket } from '#features/support/data/ticket.mutation.ts';
import { descriptionOf, renderScreen } from './render-screen.tsx';

/*
 * The contact form in Dutch (the browser writes a message offline in French: e2e/support-offers.spec.ts): each field
 * says what is wrong in Dutch, the counter counts down, a file the server would refuse is refused at once, and a
 * valid message is handed to the queued send with its attachment, the form then emptied.
 */

vi.mock('#features/support/data/use-tickets.ts', () => ({
  useSupportContact: () => ({
    result: { status: 'ready', data: { customerId: 3, userGuid: 'guid-3', tickets: [], fetchedAt: undefined } },
    refresh: () => Promise.resolve(),
    settled: true,
  }),
}));

vi.mock('#features/support/data/ticket.mutation.ts', () => ({
  sendTicket: vi.fn(() => Promise.resolve('ticket-1')),
  takeBackTicket: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(sendTicket).mockClear();
});

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('the contact form (nl)', () => {
  it('says in Dutch what each field lacks, counts down, and sends nothing', async () => {
    await renderScreen(<SupportContactPage />, { lang: 'nl', namespaces: ['support'] });
    const message = await screen.findByLabelText('Uw bericht');
    fireEvent.input(message, { target: { value: 'Kort' } });
    expect(descriptionOf(message)).toContain('Nog 496 tekens van 500');
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const subject = screen.getByLabelText('Onderwerp');
    await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(message)).toContain('Uw bericht is te kort.');
    // A file of a type the server refuses is refused as soon as it is chosen.
    const attachment = screen.getByLabelText('Bijlage (optioneel)');
    fireEvent.change(attachment, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(descriptionOf(attachment)).toContain('Alleen PDF-, PNG-, JPG- of JPEG-bestanden.');
    expect(sendTicket).not.toHaveBeenCalled();
  });

  it('hands a valid message with its attachment to the queued send, then empties the form', async () => {
    await renderScreen(<SupportContactPage />, { lang: 'nl', namespaces: ['support'] });
    fireEvent.change(await screen.findByLabelText('Onderwerp'), { target: { value: 'billing' } });
    fireEvent.change(screen.getByLabelText('Verduidelijk uw vraag'), { target: { value: 'billing_invoice' } });
    const text = 'Mijn factuur van maart telt dezelfde optie twee keer. Zie de schermafbeelding.';
    const message = screen.getByLabelText('Uw bericht');
    fireEvent.input(message, { target: { value: text } });
    const file = new File([pngBytes], 'scherm.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Bijlage (optioneel)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(sendTicket).toHaveBeenCalledTimes(1));
    expect(vi.mocked(sendTicket).mock.calls[0]).toEqual([3, { subject: 'billing', subSubject: 'billing_invoice', message: text }, file]);
    await waitFor(() => expect(message).toHaveProperty('value', ''));
  });
});
