import { describe, expect, it } from 'vitest';
import { canSwitchContract, selectContract, type SelectableContract } from '#lib/contract-selection';

const contracts: SelectableContract[] = [
  { id: 5, msisdn: '0470000005', createdAt: '2025-03-01T00:00:00Z' },
  { id: 3, msisdn: '0470000003', createdAt: '2024-01-01T00:00:00Z' },
  { id: 6, msisdn: null, createdAt: '2023-01-01T00:00:00Z' },
];

describe('contract selection (docs/product/home.md "Which line is shown")', () => {
  it.each([
    ['plain user gets its own msisdn', { isPlainUser: true, userMsisdn: '0470000005', forcedContractId: 3 }, 5],
    ['plain user without a matching contract gets none', { isPlainUser: true, userMsisdn: '0470000009', forcedContractId: null }, null],
    ['forced contract wins for others', { isPlainUser: false, userMsisdn: null, forcedContractId: 5 }, 5],
    ['an unknown forced contract is ignored', { isPlainUser: false, userMsisdn: null, forcedContractId: 99 }, 3],
    ['otherwise the oldest contract with an msisdn', { isPlainUser: false, userMsisdn: null, forcedContractId: null }, 3],
  ])('%s', (_label, input, expected) => {
    expect(selectContract({ contracts, ...input })).toBe(expected);
  });

  it('falls back to the first contract with an id above 0', () => {
    expect(
      selectContract({
        contracts: [
          { id: 0, msisdn: null, createdAt: '2020-01-01' },
          { id: 8, msisdn: null, createdAt: '2021-01-01' },
        ],
        isPlainUser: false,
        userMsisdn: null,
        forcedContractId: null,
      }),
    ).toBe(8);
  });

  it.each([
    [true, 3, false],
    [false, 1, false],
    [false, 2, true],
  ])('plain=%s with %i contracts can switch: %s', (plain, count, expected) => {
    expect(canSwitchContract(plain, count)).toBe(expected);
  });
});
