import { randomBytes } from 'node:crypto';
import type { Db } from '../db/engine.ts';

export type SecretName = 'deviceCookie' | 'smsCode' | 'sessionRotation';

/**
 * A 32-byte secret of this service, made on first use and kept in the database (never sent anywhere), so that every
 * instance on the database signs and checks with the same one.
 */
export const serverSecret = async (db: Db, name: SecretName): Promise<Buffer> => {
  const known = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (known) return known.value;
  // Insert-if-absent then read: of two instances (or requests) making it at once, the first written is kept.
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) throw new Error(`server secret ${name} just written is missing`);
  return row.value;
};
