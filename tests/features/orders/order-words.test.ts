import { describe, expect, it } from 'vitest';
import { failureWords, resourceWords, statusTone, statusWord, valueWords } from '#features/orders/data/order-words.ts';

describe('resourceWords: every kind every area writes, in words', () => {
  it.each([
    ['PRODUCT', 'Mega Mobile L', { key: 'resource.product', values: { name: 'Mega Mobile L' } }],
    ['OPTION', 'Extra 1 GB', { key: 'resource.option', values: { name: 'Extra 1 GB' } }],
    ['SAFEGUARD', 'OSG_LIMIT', { key: 'resource.safeguard.OSG_LIMIT' }],
    ['SAFEGUARD', 'DSG_ALERT', { key: 'resource.safeguard.DSG_ALERT' }],
    ['SETTING', 'ROAMING', { key: 'resource.setting.ROAMING' }],
    ['SETTING', 'INTERNATIONAL_BARRING', { key: 'resource.setting.INTERNATIONAL_BARRING' }],
    ['CONTRACT', 'SIM_SWAP', { key: 'resource.contract.SIM_SWAP' }],
    ['CONTRACT', 'ACTIVATE', { key: 'resource.contract.ACTIVATE' }],
    ['SETTING', 'SOMETHING_NEW', { text: 'SOMETHING_NEW' }],
  ] as const)('%s %s', (kind, resourceName, expected) => {
    expect(resourceWords({ kind, resourceName })).toEqual(expected);
  });
});

describe('valueWords', () => {
  it.each([
    ['OPTION', 'Extra 1 GB', '2', { key: 'value.count', values: { count: 2 } }],
    ['OPTION', 'Extra 1 GB', '0', { key: 'value.none' }],
    ['SAFEGUARD', 'OSG_LIMIT', '5000', { key: 'value.money', values: { cents: 5000 } }],
    ['SETTING', 'ROAMING', 'WORLD_COVERAGE', { key: 'value.roaming.WORLD_COVERAGE' }],
    ['SETTING', 'THROTTLING', '5M', { key: 'value.throttling.5M' }],
    ['SETTING', 'PREMIUM_BARRING', 'erotic', { key: 'value.premium.erotic' }],
    ['SETTING', 'INTERNATIONAL_BARRING', '1', { key: 'value.barring.on' }],
    ['SETTING', 'INTERNATIONAL_BARRING', '0', { key: 'value.barring.off' }],
    ['SETTING', 'THROTTLING', 'TURBO', { text: 'TURBO' }],
    ['PRODUCT', 'Mega Pro 30', 'Mega Pro Unlimited', { text: 'Mega Pro Unlimited' }],
    ['CONTRACT', 'SIM_SWAP', null, null],
    ['CONTRACT', 'ACTIVATE', '', null],
  ] as const)('%s %s %s', (kind, resourceName, value, expected) => {
    expect(valueWords({ kind, resourceName }, value)).toEqual(expected);
  });
});

describe('statusWord and statusTone (docs/product/subscription.md "Order states")', () => {
  it.each([
    ['PENDING', 'inProgress', 'warning'],
    ['QUEUED', 'inProgress', 'warning'],
    ['CANCELED', 'canceled', undefined],
    ['FAILED', 'failed', 'danger'],
    ['SUCCESS', 'active', 'success'],
  ] as const)('%s → %s', (status, word, tone) => {
    expect(statusWord(status)).toBe(word);
    expect(statusTone(status)).toBe(tone);
  });
});

describe('failureWords (docs/product/subscription.md "Order history")', () => {
  it.each([
    ['no error recorded', null, { key: 'failure.unknown' }],
    ['an unpaid balance', { type: 'CUSTOMER_DEBT', message: 'Open balance on the customer account.' }, { key: 'failure.debt' }],
    [
      'a text',
      { type: 'TEXT', message: ' Requested limit exceeds the maximum of 150 EUR. ' },
      { text: 'Requested limit exceeds the maximum of 150 EUR.' },
    ],
    ['an HTML answer, without its tags', { type: 'HTML', message: '<p>Service <b>unavailable</b></p>' }, { text: 'Service unavailable' }],
    ['a JSON code', { type: 'JSON', message: '{"code":"BLOCKED_FRAUD"}' }, { key: 'failure.code', values: { code: 'BLOCKED_FRAUD' } }],
    ['a JSON message', { type: 'JSON', message: '{"code":"X","message":"Try later"}' }, { text: 'Try later' }],
    ['broken JSON', { type: 'JSON', message: 'oops' }, { text: 'oops' }],
    ['an empty text', { type: 'TEXT', message: '' }, { key: 'failure.unknown' }],
  ] as const)('%s', (_name, error, expected) => {
    expect(failureWords(error)).toEqual(expected);
  });
});
