import type { AuthUser } from '#contract/auth';
import { isPlainUser } from '#contract/roles';
import { loginKind, normalizeLogin } from '#contract/validators';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

export type UserRow = {
  id: number;
  guid: string;
  customer_id: number | null;
  scope: 'LEGACY' | 'TEMP' | 'DEFAULT';
  role: 'owner' | 'admin' | 'user' | 'none';
  email: string | null;
  msisdn: string | null;
  energy_ref: string | null;
  language: 'fr' | 'nl' | 'en';
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  password_hash: string | null;
};

export const USER_COLUMNS =
  'u.id, u.guid, u.customer_id, u.scope, u.role, u.email, u.msisdn, u.energy_ref, u.language, u.first_name, u.last_name, u.birth_date, u.password_hash';

export const findUserById = (db: Db, id: number): UserRow | undefined =>
  stmt<[number], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`).get(id);

export const findUserByGuid = (db: Db, guid: string): UserRow | undefined =>
  stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.guid = ?`).get(guid);

/** Any account with this e-mail address (case-insensitive: the column is COLLATE NOCASE). */
export const findUserByEmail = (db: Db, email: string): UserRow | undefined =>
  stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.email = ?`).get(email.trim());

/** The plain user that logs in with this phone number (SPEC §1). */
export const findUserByMsisdn = (db: Db, msisdn: string): UserRow | undefined =>
  stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.msisdn = ?`).get(msisdn);

/**
 * The account that receives a password reset sent to a phone: the plain user of that number, otherwise the
 * owner (then admin) of the customer whose contact mobile it is (owners log in by customer number, not by phone).
 */
export const findUserForPhone = (db: Db, msisdn: string): UserRow | undefined =>
  findUserByMsisdn(db, msisdn) ??
  stmt<[string], UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM users u JOIN contacts ct ON ct.customer_id = u.customer_id
     WHERE ct.mobile = ? AND u.role IN ('owner', 'admin')
     ORDER BY CASE u.role WHEN 'owner' THEN 0 ELSE 1 END, u.id LIMIT 1`,
  ).get(msisdn);

// Owners before admins when a customer number or energy number names a customer with several accounts.
const ROLE_ORDER = "CASE u.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, u.id";

/**
 * The account a login identifier names (SPEC §1): customers by customer number (MT…), energy number (ME…) or
 * e-mail (case-insensitive: the column is COLLATE NOCASE); plain users only by their phone number (04…).
 */
export const findLoginUser = (db: Db, login: string): UserRow | undefined => {
  const value = normalizeLogin(login);
  switch (loginKind(value)) {
    case 'customerNumber':
      return stmt<[string], UserRow>(
        db,
        `SELECT ${USER_COLUMNS} FROM users u JOIN customers c ON c.id = u.customer_id
         WHERE c.mobile_id = ? AND u.role <> 'user' ORDER BY ${ROLE_ORDER} LIMIT 1`,
      ).get(value.toUpperCase());
    case 'energyNumber':
      return (
        stmt<[string], UserRow>(
          db,
          `SELECT ${USER_COLUMNS} FROM users u JOIN customers c ON c.id = u.customer_id
           WHERE c.energy_id = ? AND u.role <> 'user' ORDER BY ${ROLE_ORDER} LIMIT 1`,
        ).get(value.toUpperCase()) ??
        stmt<[string], UserRow>(
          db,
          `SELECT ${USER_COLUMNS} FROM users u WHERE u.energy_ref = ? AND u.role <> 'user' ORDER BY ${ROLE_ORDER} LIMIT 1`,
        ).get(value.toUpperCase())
      );
    case 'email':
      return stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.email = ? AND u.role <> 'user'`).get(value);
    case 'phone':
      return stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.msisdn = ? AND u.role = 'user'`).get(value);
    case null:
      return undefined;
  }
};

/** The first owner account of a customer (account creation by customer number). */
export const findCustomerOwner = (db: Db, customerId: number): UserRow | undefined =>
  stmt<[number], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.customer_id = ? AND u.role = 'owner' ORDER BY u.id LIMIT 1`).get(
    customerId,
  );

/** The customer number of a user's customer, or for a plain user the phone number it logs in with. */
export const customerRefOf = (db: Db, user: UserRow): string | null => {
  if (isPlainUser(user)) return user.msisdn;
  if (user.customer_id === null) return null;
  return stmt<[number], { mobile_id: string }>(db, 'SELECT mobile_id FROM customers WHERE id = ?').get(user.customer_id)?.mobile_id ?? null;
};

export const setUserLanguage = (db: Db, userId: number, language: UserRow['language']): void => {
  stmt<[string, number]>(db, 'UPDATE users SET language = ? WHERE id = ?').run(language, userId);
};

export const setPasswordHash = (db: Db, userId: number, passwordHash: string): void => {
  stmt<[string, number]>(db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
};

export type NewUser = Pick<
  UserRow,
  'guid' | 'customer_id' | 'role' | 'email' | 'msisdn' | 'language' | 'first_name' | 'last_name' | 'birth_date'
>;

/** A new account without a password: it gets one through its create-password link or SMS code. */
export const insertUser = (db: Db, user: NewUser, now: Date): UserRow => {
  const result = stmt<
    [string, number | null, string, string | null, string | null, string, string | null, string | null, string | null, string]
  >(
    db,
    `INSERT INTO users (guid, customer_id, scope, role, email, msisdn, language, first_name, last_name, birth_date, created_at)
     VALUES (?, ?, 'DEFAULT', ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.guid,
    user.customer_id,
    user.role,
    user.email,
    user.msisdn,
    user.language,
    user.first_name,
    user.last_name,
    user.birth_date,
    now.toISOString(),
  );
  const row = findUserById(db, Number(result.lastInsertRowid));
  if (!row) throw new Error('user just inserted is missing');
  return row;
};

/** SPEC §3 "Auth user" as the contract sends it; never includes the password hash. */
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
