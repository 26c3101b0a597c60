import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

export type SecretName = 'deviceCookie' | 'smsCode';

const cache = new WeakMap<Db, Map<SecretName, Buffer>>();

/** A 32-byte secret of this server, made on first use and kept in the database (never sent anywhere). */
export const serverSecret = (db: Db, name: SecretName): Buffer => {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const known = perDb.get(name);
  if (known) return known;
  // INSERT OR IGNORE then SELECT: a second process (or a race) keeps the first secret written.
  stmt<[string, Buffer, string]>(db, 'INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)').run(
    name,
    randomBytes(32),
    new Date().toISOString(),
  );
  const row = stmt<[string], { value: Buffer }>(db, 'SELECT value FROM server_secrets WHERE name = ?').get(name);
  if (!row) throw new Error(`server secret ${name} just written is missing`);
  perDb.set(name, row.value);
  return row.value;
};
