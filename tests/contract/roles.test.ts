import { describe, expect, it } from 'vitest';
import { roles } from '#contract/auth';
import { isPlainUser } from '#contract/roles';

describe('isPlainUser (SPEC §6)', () => {
  it.each([
    ['owner', false],
    ['admin', false],
    ['user', true],
    ['none', false],
  ] as const)('role %s → %s', (role, expected) => {
    expect(isPlainUser({ role })).toBe(expected);
  });

  it('covers every role of the contract', () => {
    expect([...roles].sort()).toEqual(['admin', 'none', 'owner', 'user']);
  });
});
