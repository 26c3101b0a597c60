import { bytes, withoutRowid, type MigrationDb } from './helpers.ts';

/*
 * 005_server_secrets: secrets the server makes for itself on first start (random, never sent anywhere): the key that
 * signs the device cookies of the login limiter, and the key of the SMS codes' HMAC. Kept in the database so that
 * they live as long as the data they protect, under DATA_DIR, and survive a restart.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', bytes(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
