import type { AuthUser } from '#contract/auth';
import { isPlainUser } from '#contract/roles';
import { loginKind, normalizeLogin } from '#contract/validators';
import { sql } from 'kysely';
import type { Db } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';

export type UserRow = Pick<
  Row<'users'>,
  | 'id'
  | 'guid'
  | 'customer_id'
  | 'scope'
  | 'role'
  | 'email'
  | 'msisdn'
  | 'energy_ref'
  | 'language'
  | 'first_name'
  | 'last_name'
  | 'birth_date'
  | 'password_hash'
>;

export const USER_COLUMNS = [
  'u.id',
  'u.guid',
  'u.customer_id',
  'u.scope',
  'u.role',
  'u.email',
  'u.msisdn',
  'u.energy_ref',
  'u.language',
  'u.first_name',
  'u.last_name',
  'u.birth_date',
  'u.password_hash',
] as const;

const users = (db: Db) => db.selectFrom('users as u').select(USER_COLUMNS);

export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> => users(db).where('u.id', '=', id).executeTakeFirst();

export const findUserByGuid = (db: Db, guid: string): Promise<UserRow | undefined> =>
  users(db).where('u.guid', '=', guid).executeTakeFirst();

/** Any account with this e-mail address (case-insensitive: the column is COLLATE NOCASE, citext on PostgreSQL). */
export const findUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  users(db).where('u.email', '=', email.trim()).executeTakeFirst();

/** The plain user that logs in with this phone number (docs/product/auth.md "Login identifiers"). */
export const findUserByMsisdn = (db: Db, msisdn: string): Promise<UserRow | undefined> =>
  users(db).where('u.msisdn', '=', msisdn).executeTakeFirst();

/**
 * The account that receives a password reset sent to a phone: the plain user of that number, otherwise the
 * owner (then admin) of the customer whose contact mobile it is (owners log in by customer number, not by phone).
 */
export const findUserForPhone = async (db: Db, msisdn: string): Promise<UserRow | undefined> =>
  (await findUserByMsisdn(db, msisdn)) ??
  (await users(db)
    .innerJoin('contacts as ct', 'ct.customer_id', 'u.customer_id')
    .where('ct.mobile', '=', msisdn)
    .where('u.role', 'in', ['owner', 'admin'])
    .orderBy(roleOrder)
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst());

// Owners before admins when a customer number or energy number names a customer with several accounts.
const roleOrder = sql`CASE u.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

/**
 * The account a login identifier names (docs/product/auth.md "Login identifiers"): customers by customer number (MT…),
 * energy number (ME…) or e-mail (case-insensitive: the column is COLLATE NOCASE); plain users only by their phone
 * number (04…).
 */
export const findLoginUser = async (db: Db, login: string): Promise<UserRow | undefined> => {
  const value = normalizeLogin(login);
  switch (loginKind(value)) {
    case 'customerNumber':
      return users(db)
        .innerJoin('customers as c', 'c.id', 'u.customer_id')
        .where('c.mobile_id', '=', value.toUpperCase())
        .where('u.role', '<>', 'user')
        .orderBy(roleOrder)
        .orderBy('u.id')
        .limit(1)
        .executeTakeFirst();
    case 'energyNumber':
      return (
        (await users(db)
          .innerJoin('customers as c', 'c.id', 'u.customer_id')
          .where('c.energy_id', '=', value.toUpperCase())
          .where('u.role', '<>', 'user')
          .orderBy(roleOrder)
          .orderBy('u.id')
          .limit(1)
          .executeTakeFirst()) ??
        (await users(db)
          .where('u.energy_ref', '=', value.toUpperCase())
          .where('u.role', '<>', 'user')
          .orderBy(roleOrder)
          .orderBy('u.id')
          .limit(1)
          .executeTakeFirst())
      );
    case 'email':
      return users(db).where('u.email', '=', value).where('u.role', '<>', 'user').executeTakeFirst();
    case 'phone':
      return users(db).where('u.msisdn', '=', value).where('u.role', '=', 'user').executeTakeFirst();
    case null:
      return undefined;
  }
};

/** The first owner account of a customer (account creation by customer number). */
export const findCustomerOwner = (db: Db, customerId: number): Promise<UserRow | undefined> =>
  users(db).where('u.customer_id', '=', customerId).where('u.role', '=', 'owner').orderBy('u.id').limit(1).executeTakeFirst();

/** The customer number of a user's customer, or for a plain user the phone number it logs in with. */
export const customerRefOf = async (db: Db, user: UserRow): Promise<string | null> => {
  if (isPlainUser(user)) return user.msisdn;
  if (user.customer_id === null) return null;
  const row = await db.selectFrom('customers').select('mobile_id').where('id', '=', user.customer_id).executeTakeFirst();
  return row?.mobile_id ?? null;
};

export const setUserLanguage = async (db: Db, userId: number, language: UserRow['language']): Promise<void> => {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
};

export const setPasswordHash = async (db: Db, userId: number, passwordHash: string): Promise<void> => {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
};

export type NewUser = Pick<
  UserRow,
  'guid' | 'customer_id' | 'role' | 'email' | 'msisdn' | 'language' | 'first_name' | 'last_name' | 'birth_date'
>;

/** A new account without a password: it gets one through its create-password link or SMS code. */
export const insertUser = async (db: Db, user: NewUser, now: Date): Promise<UserRow> => {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, scope: 'DEFAULT', created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await findUserById(db, id);
  if (!row) throw new Error('user just inserted is missing');
  return row;
};

/**
 * The signed-in user as the contract sends it (docs/product/roles.md "Roles", "Scopes"); never includes the password
 * hash.
 */
export const toAuthUser = (user: UserRow): AuthUser => ({
  id: user.id,
  guid: user.guid,
  customer_id: user.customer_id,
  scope: user.scope,
  role: user.role,
  email: user.email,
  msisdn: user.msisdn,
  energy_ref: user.energy_ref,
  language: { app: user.language },
  personal_data: {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    birth_date: user.birth_date,
  },
});
