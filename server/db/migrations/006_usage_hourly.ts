import { sql } from 'kysely';
import { UNNAMED, int64, onPostgres, run, withoutRowid, type MigrationDb } from './helpers.ts';

/*
 * 006_usage_hourly: usage records rolled up per contract and UTC hour (and per type, in/out of bundle and destination
 * class), kept up to date by triggers. The history's page count, the summary's totals and the PDF's totals are sums
 * over a whole number of local days; Brussels is a whole number of hours from UTC, so a range of local days is a range
 * of whole UTC hours, and its totals are a sum over at most 24 rows per day instead of a scan of every record (for the
 * heavy customer, ~200,000 index entries and table lookups per request).
 *
 * 015_usage_hourly_incoming rebuilt the table with another key; its `down` comes back here through this `up`.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('usage_hourly')
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    // event_time rounded down to the UTC hour (epoch ms)
    .addColumn('hour', int64(db), (c) => c.notNull())
    .addColumn('service_cat', 'text', (c) => c.notNull())
    .addColumn('is_oob', 'integer', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('used', int64(db), (c) => c.notNull())
    .addColumn('cost', int64(db), (c) => c.notNull())
    .addPrimaryKeyConstraint(UNNAMED, ['contract_id', 'hour', 'service_cat', 'is_oob', 'destination'])
    .$call(withoutRowid(db))
    .execute();
  await db.schema
    .createIndex('usage_hourly_contract_cat_hour')
    .on('usage_hourly')
    .columns(['contract_id', 'service_cat', 'hour'])
    .execute();

  await sql`INSERT INTO usage_hourly (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
    SELECT contract_id, event_time - (event_time % 3600000), service_cat, is_oob, destination, COUNT(*), SUM(service_used), SUM(resource_impact)
    FROM usage_records GROUP BY 1, 2, 3, 4, 5`.execute(db);

  await run(db, onPostgres(db) ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS);
}

export async function down(db: MigrationDb): Promise<void> {
  await run(db, [
    ...['usage_hourly_insert', 'usage_hourly_delete', 'usage_hourly_update'].map((trigger) =>
      onPostgres(db) ? sql`DROP TRIGGER ${sql.id(trigger)} ON usage_records` : sql`DROP TRIGGER ${sql.id(trigger)}`,
    ),
    ...(onPostgres(db) ? ['usage_hourly_add_new', 'usage_hourly_remove_old', 'usage_hourly_move'] : []).map(
      (fn) => sql`DROP FUNCTION ${sql.id(fn)}()`,
    ),
  ]);
  await db.schema.dropIndex('usage_hourly_contract_cat_hour').execute();
  await db.schema.dropTable('usage_hourly').execute();
}

/** SQLite: a row trigger per change of a record, each moving one record's use in or out of its hour. */
const SQLITE_TRIGGERS = [
  sql`CREATE TRIGGER usage_hourly_insert AFTER INSERT ON usage_records BEGIN
  INSERT INTO usage_hourly (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
  VALUES (NEW.contract_id, NEW.event_time - (NEW.event_time % 3600000), NEW.service_cat, NEW.is_oob, NEW.destination, 1,
          NEW.service_used, NEW.resource_impact)
  ON CONFLICT (contract_id, hour, service_cat, is_oob, destination) DO UPDATE SET
    count = count + 1, used = used + excluded.used, cost = cost + excluded.cost;
END`,
  sql`CREATE TRIGGER usage_hourly_delete AFTER DELETE ON usage_records BEGIN
  UPDATE usage_hourly SET count = count - 1, used = used - OLD.service_used, cost = cost - OLD.resource_impact
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND is_oob = OLD.is_oob AND destination = OLD.destination;
  DELETE FROM usage_hourly
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND is_oob = OLD.is_oob AND destination = OLD.destination AND count = 0;
END`,
  sql`CREATE TRIGGER usage_hourly_update AFTER UPDATE OF contract_id, service_cat, is_oob, destination, service_used, resource_impact, event_time
ON usage_records BEGIN
  UPDATE usage_hourly SET count = count - 1, used = used - OLD.service_used, cost = cost - OLD.resource_impact
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND is_oob = OLD.is_oob AND destination = OLD.destination;
  DELETE FROM usage_hourly
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND is_oob = OLD.is_oob AND destination = OLD.destination AND count = 0;
  INSERT INTO usage_hourly (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
  VALUES (NEW.contract_id, NEW.event_time - (NEW.event_time % 3600000), NEW.service_cat, NEW.is_oob, NEW.destination, 1,
          NEW.service_used, NEW.resource_impact)
  ON CONFLICT (contract_id, hour, service_cat, is_oob, destination) DO UPDATE SET
    count = count + 1, used = used + excluded.used, cost = cost + excluded.cost;
END`,
];

/**
 * PostgreSQL: the triggers run once per statement over its transition tables (the rows inserted, deleted or updated),
 * so a bulk insert (the seed's 200,000 records) adds to each hour once per statement, not once per record. Concurrent
 * inserts into one hour meet in ON CONFLICT, which PostgreSQL applies atomically.
 */
const POSTGRES_TRIGGERS = [
  sql`CREATE FUNCTION usage_hourly_add_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_hourly AS h (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
  SELECT contract_id, event_time - (event_time % 3600000), service_cat, is_oob, destination, COUNT(*), SUM(service_used),
         SUM(resource_impact)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (contract_id, hour, service_cat, is_oob, destination) DO UPDATE SET
    count = h.count + excluded.count, used = h.used + excluded.used, cost = h.cost + excluded.cost;
  RETURN NULL;
END $$`,
  sql`CREATE FUNCTION usage_hourly_remove_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_hourly h SET count = h.count - o.count, used = h.used - o.used, cost = h.cost - o.cost
  FROM (SELECT contract_id, event_time - (event_time % 3600000) AS hour, service_cat, is_oob, destination, COUNT(*) AS count,
               SUM(service_used) AS used, SUM(resource_impact) AS cost
        FROM old_rows GROUP BY 1, 2, 3, 4, 5) o
  WHERE h.contract_id = o.contract_id AND h.hour = o.hour AND h.service_cat = o.service_cat AND h.is_oob = o.is_oob
    AND h.destination = o.destination;
  DELETE FROM usage_hourly h
  WHERE h.count = 0 AND EXISTS (
    SELECT 1 FROM old_rows o WHERE o.contract_id = h.contract_id AND o.event_time - (o.event_time % 3600000) = h.hour);
  RETURN NULL;
END $$`,
  sql`CREATE FUNCTION usage_hourly_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_hourly h SET count = h.count - o.count, used = h.used - o.used, cost = h.cost - o.cost
  FROM (SELECT contract_id, event_time - (event_time % 3600000) AS hour, service_cat, is_oob, destination, COUNT(*) AS count,
               SUM(service_used) AS used, SUM(resource_impact) AS cost
        FROM old_rows GROUP BY 1, 2, 3, 4, 5) o
  WHERE h.contract_id = o.contract_id AND h.hour = o.hour AND h.service_cat = o.service_cat AND h.is_oob = o.is_oob
    AND h.destination = o.destination;
  INSERT INTO usage_hourly AS h (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
  SELECT contract_id, event_time - (event_time % 3600000), service_cat, is_oob, destination, COUNT(*), SUM(service_used),
         SUM(resource_impact)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (contract_id, hour, service_cat, is_oob, destination) DO UPDATE SET
    count = h.count + excluded.count, used = h.used + excluded.used, cost = h.cost + excluded.cost;
  DELETE FROM usage_hourly h
  WHERE h.count = 0 AND EXISTS (
    SELECT 1 FROM old_rows o WHERE o.contract_id = h.contract_id AND o.event_time - (o.event_time % 3600000) = h.hour);
  RETURN NULL;
END $$`,
  sql`CREATE TRIGGER usage_hourly_insert AFTER INSERT ON usage_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_add_new()`,
  sql`CREATE TRIGGER usage_hourly_delete AFTER DELETE ON usage_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_remove_old()`,
  // Every update (a transition table cannot go with a column list); an update of other columns moves nothing.
  sql`CREATE TRIGGER usage_hourly_update AFTER UPDATE ON usage_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_move()`,
];
