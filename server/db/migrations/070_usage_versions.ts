import { sql } from 'kysely';
import { int64, onPostgres, run, type MigrationDb } from './helpers.ts';

/*
 * 070_usage_versions: a number per contract that moves with every change to its usage records, in the same transaction
 * as the change. The usage history caches the hour index of a range (server/lib/usage-data.ts hourIndex) under this
 * number: an instance serves a page from its cache only while no instance has changed the contract's records since. On
 * PostgreSQL, with several instances writing, nothing else tells a process that its cache is stale; one row per
 * contract keeps that check to a primary-key read.
 */

const TRIGGERS = ['usage_versions_insert', 'usage_versions_delete', 'usage_versions_update'];
const FUNCTIONS = ['usage_versions_bump_new', 'usage_versions_bump_old', 'usage_versions_bump_moved'];

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('usage_versions')
    .addColumn('contract_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', int64(db), (c) => c.notNull())
    .execute();
  await run(db, onPostgres(db) ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS);
}

export async function down(db: MigrationDb): Promise<void> {
  await run(db, [
    ...TRIGGERS.map((trigger) =>
      onPostgres(db) ? sql`DROP TRIGGER ${sql.id(trigger)} ON usage_records` : sql`DROP TRIGGER ${sql.id(trigger)}`,
    ),
    ...(onPostgres(db) ? FUNCTIONS : []).map((fn) => sql`DROP FUNCTION ${sql.id(fn)}()`),
  ]);
  await db.schema.dropTable('usage_versions').execute();
}

const SQLITE_TRIGGERS = [
  sql`CREATE TRIGGER usage_versions_insert AFTER INSERT ON usage_records BEGIN
  INSERT INTO usage_versions (contract_id, version) VALUES (NEW.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
END`,
  sql`CREATE TRIGGER usage_versions_delete AFTER DELETE ON usage_records BEGIN
  INSERT INTO usage_versions (contract_id, version) VALUES (OLD.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
END`,
  // An update may move a record from one contract to another: both contracts move on.
  sql`CREATE TRIGGER usage_versions_update AFTER UPDATE ON usage_records BEGIN
  INSERT INTO usage_versions (contract_id, version) VALUES (OLD.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
  INSERT INTO usage_versions (contract_id, version) VALUES (NEW.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
END`,
];

/**
 * PostgreSQL: statement triggers over transition tables (as the hourly rollup's, 015): one row update per contract a
 * statement touched, not one per record. The row's lock also orders two transactions writing one contract's records,
 * so the number a reader sees never goes back.
 */
const POSTGRES_TRIGGERS = [
  sql`CREATE FUNCTION usage_versions_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_versions AS v (contract_id, version)
  SELECT DISTINCT contract_id, 1 FROM new_rows ORDER BY contract_id
  ON CONFLICT (contract_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$`,
  sql`CREATE FUNCTION usage_versions_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_versions AS v (contract_id, version)
  SELECT DISTINCT contract_id, 1 FROM old_rows ORDER BY contract_id
  ON CONFLICT (contract_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$`,
  sql`CREATE FUNCTION usage_versions_bump_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_versions AS v (contract_id, version)
  SELECT contract_id, 1 FROM (SELECT contract_id FROM old_rows UNION SELECT contract_id FROM new_rows) touched ORDER BY contract_id
  ON CONFLICT (contract_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$`,
  sql`CREATE TRIGGER usage_versions_insert AFTER INSERT ON usage_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_versions_bump_new()`,
  sql`CREATE TRIGGER usage_versions_delete AFTER DELETE ON usage_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_versions_bump_old()`,
  sql`CREATE TRIGGER usage_versions_update AFTER UPDATE ON usage_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_versions_bump_moved()`,
];
