import { describe, expect, it } from 'vitest';
import { roles } from '#contract/auth';
import { hasProfessionalRestriction, isPlainUser } from '#contract/roles';

describe('isPlainUser (docs/product/roles.md "Plain user")', () => {
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

describe('hasProfessionalRestriction: an owner or admin of a non-residential contact', () => {
  it.each([
    ['owner', false, true],
    ['admin', false, true],
    ['user', false, false],
    ['none', false, false],
    ['owner', true, false],
    ['admin', true, false],
  ] as const)('%s of a contact residential=%s → %s', (role, residential, restricted) => {
    expect(hasProfessionalRestriction({ role }, { residential })).toBe(restricted);
  });
  it('no contact, no restriction', () => {
    expect(hasProfessionalRestriction({ role: 'owner' }, null)).toBe(false);
  });
});
