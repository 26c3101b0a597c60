import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { InvoicingRow } from '#db/schema';
import {
  applyInvoicingPatch,
  checkPaymentForm,
  paymentFormValues,
  signsMandate,
  type PaymentFormValues,
} from '#features/invoices/data/invoicing.mutation.ts';

const row: InvoicingRow = {
  customerId: 1,
  id: 10,
  address: { street: 'Rue Haute', number: '12', box: null, city: 'Bruxelles', zipCode: '1000', country: 'BE' },
  payment: { iban: 'BE68539007547034', bic: 'GKCCBEBB', mode: 'DD', mandateDate: '2025-03-01' },
  holder: { firstName: 'Sophie', lastName: 'Dubois', email: 'sophie.dubois@example.be' },
  lastUpdate: '2026-11-01T10:00:00.000Z',
};

const form = (changes: Partial<PaymentFormValues> = {}): PaymentFormValues => ({ ...paymentFormValues(row), ...changes });

describe('signsMandate: a direct debit is (re)signed when it starts or its account changes', () => {
  it.each([
    ['same direct debit', form(), false],
    ['same account typed with spaces and lower case', form({ iban: 'be68 5390 0754 7034', bic: 'gkccbebb' }), false],
    ['another account', form({ iban: 'BE71096123456769', bic: 'GKCCBEBB' }), true],
    ['an 11-character BIC ending in XXX is the same BIC', form({ bic: 'GKCCBEBBXXX' }), false],
    ['bank transfer', form({ mode: 'BT' }), false],
  ])('%s', (_, values, expected) => {
    expect(signsMandate(row, values)).toBe(expected);
  });

  it('switching from bank transfer to direct debit signs it', () => {
    const transfer: InvoicingRow = { ...row, payment: { ...row.payment, mode: 'BT', mandateDate: null } };
    expect(signsMandate(transfer, { mode: 'DD', iban: row.payment.iban ?? '', bic: row.payment.bic ?? '' })).toBe(true);
  });
});

describe('checkPaymentForm: the field at fault, or the request for what changed', () => {
  it.each<[string, Partial<PaymentFormValues>, Record<string, string>]>([
    ['IBAN check digits wrong', { iban: 'BE41539007547035', agreement: true }, { iban: 'validation:iban.format' }],
    ['IBAN with a letter in a Belgian account', { iban: 'BE3453900754703A', agreement: true }, { iban: 'validation:iban.format' }],
    ['IBAN outside the EU', { iban: 'CH9300762011623852957', bic: 'UBSWCHZH', agreement: true }, { iban: 'validation:iban.country' }],
    ['BIC of another country', { bic: 'DEUTDEFF', agreement: true }, { bic: 'validation:bic.match' }],
    ['BIC of 11 characters not ending in XXX', { bic: 'GKCCBEBB123', agreement: true }, { bic: 'validation:bic.length' }],
    ['new account without the mandate agreement', { iban: 'BE71096123456769' }, { agreement: 'validation:agreement' }],
    ['Belgian postal code of 5 digits', { zipCode: '10000' }, { zipCode: 'validation:postalCode' }],
    ['empty city', { city: ' ' }, { city: 'validation:required' }],
  ])('%s', (_, changes, expected) => {
    const { errors, body } = checkPaymentForm(row, form(changes));
    expect(body).toBeNull();
    expect(errors).toMatchObject(expected);
  });

  it('nothing changed: no request', () => {
    expect(checkPaymentForm(row, form())).toEqual({ errors: {}, body: null });
  });

  it('an address change sends the address whole, with the version it was based on', () => {
    expect(checkPaymentForm(row, form({ city: ' Namur ', zipCode: '5000' })).body).toEqual({
      address: { street: 'Rue Haute', number: '12', box: null, city: 'Namur', zipCode: '5000', country: 'BE' },
      lastUpdate: row.lastUpdate,
    });
  });

  it('an 11-character BIC ending in XXX is sent as its first 8 characters', () => {
    const { body } = checkPaymentForm(row, form({ iban: 'BE71 0961 2345 6769', bic: 'GKCCBEBBXXX', agreement: true }));
    expect(body?.payment).toMatchObject({ mode: 'DD', iban: 'BE71096123456769', bic: 'GKCCBEBB', agreement: true });
  });
});

describe('applyInvoicingPatch: the stored row as the server will write it', () => {
  it.each<[string, Parameters<typeof applyInvoicingPatch>[1], InvoicingRow['payment']]>([
    [
      'bank transfer ends the mandate and keeps the account for refunds',
      { payment: { mode: 'BT' }, lastUpdate: row.lastUpdate },
      { mode: 'BT', iban: 'BE68539007547034', bic: 'GKCCBEBB', mandateDate: null },
    ],
    [
      'another account for direct debit is a mandate signed today',
      { payment: { mode: 'DD', iban: 'BE71096123456769', bic: 'GKCCBEBB', agreement: true }, lastUpdate: row.lastUpdate },
      { mode: 'DD', iban: 'BE71096123456769', bic: 'GKCCBEBB', mandateDate: '2026-11-23' },
    ],
  ])('%s', (_, body, payment) => {
    expect(applyInvoicingPatch(row, body, '2026-11-23').payment).toEqual(payment);
  });

  it('a holder change leaves the payment and its mandate date alone', () => {
    const next = applyInvoicingPatch(row, {
      holder: { firstName: 'Marie', lastName: 'Dubois', email: 'm@example.be' },
      lastUpdate: row.lastUpdate,
    });
    expect(next.holder).toEqual({ firstName: 'Marie', lastName: 'Dubois', email: 'm@example.be' });
    expect(next.payment).toEqual(row.payment);
  });
});
