import type { AuthUser } from '#contract/auth';
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
