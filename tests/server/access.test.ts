import { describe, expect, it } from 'vitest';
import { ApiError } from '#server/lib/api-error';
import { requireCustomer, usesContract } from '#server/lib/access';
import type { ContractRecord } from '#server/lib/customer-data';
import type { ResolvedSession } from '#server/lib/sessions';
import type { UserRow } from '#server/lib/users';

const user = (overrides: Partial<UserRow>): UserRow => ({
  id: 1,
  guid: 'g',
  customer_id: 4,
  scope: 'DEFAULT',
  role: 'owner',
  email: null,
  msisdn: null,
  energy_ref: null,
  language: 'fr',
  first_name: null,
  last_name: null,
  birth_date: null,
  password_hash: null,
  ...overrides,
});
const session = (overrides: Partial<UserRow>): ResolvedSession => ({
  user: user(overrides),
  session: {
    id: 1,
    user_id: 1,
    family_id: 'f',
    expires_at: '',
    refresh_expires_at: null,
    revoked_at: null,
    revoked_reason: null,
    rotated_at: null,
    device_id: null,
  },
});
const statusOf = (run: () => void): number | 'ok' => {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.statusCode;
    throw error;
  }
};

describe('requireCustomer', () => {
  it.each([
    { name: 'owner of the customer', who: { role: 'owner' as const }, customerId: 4, access: {}, expected: 'ok' as const },
    { name: 'admin of the customer', who: { role: 'admin' as const }, customerId: 4, access: {}, expected: 'ok' as const },
    { name: 'owner of another customer', who: { role: 'owner' as const }, customerId: 1, access: {}, expected: 403 },
    { name: 'plain user, allowed', who: { role: 'user' as const }, customerId: 4, access: {}, expected: 'ok' as const },
    {
      name: 'plain user, holder-only data',
      who: { role: 'user' as const },
      customerId: 4,
      access: { plainUser: 'deny' as const },
      expected: 403,
    },
    { name: 'role none', who: { role: 'none' as const }, customerId: 4, access: {}, expected: 403 },
    { name: 'no customer (legacy)', who: { customer_id: null }, customerId: 4, access: {}, expected: 403 },
  ])('$name → $expected', ({ who, customerId, access, expected }) => {
    expect(statusOf(() => requireCustomer(session(who), customerId, access))).toBe(expected);
  });
});

describe('usesContract', () => {
  const contract = (linked: number | null, msisdn: string | null) => ({ linked_user_id: linked, msisdn }) as ContractRecord;
  it.each([
    { name: 'linked to the user', c: contract(2, '0470000009'), expected: true },
    { name: 'carrying its msisdn', c: contract(null, '0470000003'), expected: true },
    { name: "a colleague's line", c: contract(null, '0470000005'), expected: false },
    { name: 'a line without number', c: contract(null, null), expected: false },
  ])('$name → $expected', ({ c, expected }) => {
    expect(usesContract(user({ id: 2, role: 'user', msisdn: '0470000003' }), c)).toBe(expected);
  });
});
