import { describe, expect, it } from 'vitest';
import {
  belgianTransferPayload,
  EPC_MAX_BYTES,
  EpcError,
  epcAmount,
  epcPayload,
  parseEpcPayload,
  type CreditTransfer,
} from '#contract/payment-qr';

const creditor = { name: 'Mega Mobile SA', iban: 'BE68001776655434', bic: 'GEBABEBB' };
const base: CreditTransfer = { ...creditor, amountCents: 1234, reference: '123456789002' };

describe('EPC amount', () => {
  it.each([
    [1, 'EUR0.01'],
    [10, 'EUR0.10'],
    [1234, 'EUR12.34'],
    [100_000, 'EUR1000.00'],
    [99_999_999_999, 'EUR999999999.99'],
  ])('%i cents → %s', (cents, text) => {
    expect(epcAmount(cents)).toBe(text);
  });

  it.each([0, -5, 12.5, 100_000_000_000, Number.NaN])('refuses %d cents', (cents) => {
    expect(() => epcAmount(cents)).toThrow(EpcError);
  });
});

describe('EPC payload (version 002)', () => {
  it('writes the elements in order, one per line, without a trailing separator', () => {
    expect(epcPayload(base)).toBe(
      ['BCD', '002', '1', 'SCT', 'GEBABEBB', 'Mega Mobile SA', 'BE68001776655434', 'EUR12.34', '', '123456789002'].join('\n'),
    );
  });

  it.each<[string, Partial<CreditTransfer>, string]>([
    [
      'normalises the IBAN and BIC',
      { iban: 'be68 0017 7665 5434', bic: 'gebabebb' },
      'BCD\n002\n1\nSCT\nGEBABEBB\nMega Mobile SA\nBE68001776655434\nEUR12.34\n\n123456789002',
    ],
    [
      'an 11-character BIC',
      { bic: 'GEBABEBBXXX' },
      'BCD\n002\n1\nSCT\nGEBABEBBXXX\nMega Mobile SA\nBE68001776655434\nEUR12.34\n\n123456789002',
    ],
    [
      'no amount: left to the payer',
      { amountCents: null },
      'BCD\n002\n1\nSCT\nGEBABEBB\nMega Mobile SA\nBE68001776655434\n\n\n123456789002',
    ],
    [
      'a text instead of a reference',
      { reference: undefined, text: 'Facture F2026-000001' },
      'BCD\n002\n1\nSCT\nGEBABEBB\nMega Mobile SA\nBE68001776655434\nEUR12.34\n\n\nFacture F2026-000001',
    ],
    [
      'purpose and information',
      { purpose: 'GDDS', information: 'Merci' },
      'BCD\n002\n1\nSCT\nGEBABEBB\nMega Mobile SA\nBE68001776655434\nEUR12.34\nGDDS\n123456789002\n\nMerci',
    ],
    ['nothing after the IBAN', { amountCents: null, reference: undefined }, 'BCD\n002\n1\nSCT\nGEBABEBB\nMega Mobile SA\nBE68001776655434'],
  ])('%s', (_name, change, payload) => {
    expect(epcPayload({ ...base, ...change })).toBe(payload);
  });

  it.each<[string, Partial<CreditTransfer>, string]>([
    ['a BIC of 7 characters', { bic: 'GEBABEB' }, 'bic'],
    ['a BIC of 9 characters', { bic: 'GEBABEBB0' }, 'bic'],
    ['no name', { name: '  ' }, 'name'],
    ['a name over 70 characters', { name: 'x'.repeat(71) }, 'name'],
    ['a name on two lines', { name: 'Mega\nMobile' }, 'name'],
    ['an IBAN that is not one', { iban: '12345' }, 'iban'],
    ['a zero amount', { amountCents: 0 }, 'amountCents'],
    ['a purpose of 5 characters', { purpose: 'GOODS' }, 'purpose'],
    ['a reference over 35 characters', { reference: '1'.repeat(36) }, 'reference'],
    ['a text over 140 characters', { reference: undefined, text: 'x'.repeat(141) }, 'text'],
    ['a reference and a text', { text: 'also' }, 'remittance'],
    ['information over 70 characters', { information: 'x'.repeat(71) }, 'information'],
  ])('refuses %s', (_name, change, field) => {
    const error = (() => {
      try {
        epcPayload({ ...base, ...change });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(EpcError);
    expect((error as EpcError).field).toBe(field);
  });

  it(`refuses a payload over ${EPC_MAX_BYTES} bytes (multi-byte characters count as bytes)`, () => {
    const long = { ...base, reference: undefined, name: 'é'.repeat(70), text: 'é'.repeat(140), information: 'é'.repeat(70) };
    expect(() => epcPayload(long)).toThrow(/331 bytes/);
  });

  it('reads back what it writes', () => {
    expect(parseEpcPayload(epcPayload(base))).toEqual(base);
    expect(parseEpcPayload(epcPayload({ ...base, amountCents: null }))).toEqual({ ...base, amountCents: null });
    expect(parseEpcPayload('BCD\n001\n1\nSCT\nGEBABEBB\nX\nBE68001776655434')).toBeNull();
    expect(parseEpcPayload('hello')).toBeNull();
  });
});

describe('Belgian transfer payload', () => {
  it.each([
    ['+++123/4567/89002+++', 1234, '123456789002'],
    ['***123/4567/89002***', 5230, '123456789002'],
    ['123456789002', 1, '123456789002'],
  ])('%s, %i cents → reference %s', (communication, cents, digits) => {
    const parsed = parseEpcPayload(belgianTransferPayload(creditor, cents, communication));
    expect(parsed).toEqual({ ...creditor, amountCents: cents, reference: digits });
  });

  it.each(['+++123/4567/89000+++', 'RF18539007547034', ''])('refuses the communication %j', (communication) => {
    expect(() => belgianTransferPayload(creditor, 1234, communication)).toThrow(EpcError);
  });
});
