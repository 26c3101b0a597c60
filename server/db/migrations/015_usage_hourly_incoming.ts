import { sql } from 'kysely';
import { UNNAMED, int64, onPostgres, run, withoutRowid, type MigrationDb } from './helpers.ts';
import { down as dropUsageHourly006, up as createUsageHourly006 } from './006_usage_hourly.ts';

/*
 * 015_usage_hourly_incoming: the hourly rollup of 006 also tells incoming from outgoing use. The rating
 * (contract/rating.ts) never counts incoming calls and texts against a bundle, so every total read from the rollup (the
 * usage summary, the exports, the alerts, the invoice's out-of-bundle lines) must be able to leave them out. The table
 * is rebuilt from the records (its key changes), with its triggers, under the same names as 006's.
 */

export async function up(db: MigrationDb): Promise<void> {
  await dropUsageHourly006(db);

  await db.schema
    .createTable('usage_hourly')
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    // event_time rounded down to the UTC hour (epoch ms)
    .addColumn('hour', int64(db), (c) => c.notNull())
    .addColumn('service_cat', 'text', (c) => c.notNull())
    .addColumn('incoming', 'integer', (c) => c.notNull())
    .addColumn('is_oob', 'integer', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('used', int64(db), (c) => c.notNull())
    .addColumn('cost', int64(db), (c) => c.notNull())
    .addPrimaryKeyConstraint(UNNAMED, ['contract_id', 'hour', 'service_cat', 'incoming', 'is_oob', 'destination'])
    .$call(withoutRowid(db))
    .execute();
  await db.schema
    .createIndex('usage_hourly_contract_cat_hour')
    .on('usage_hourly')
    .columns(['contract_id', 'service_cat', 'hour'])
    .execute();

  await sql`INSERT INTO usage_hourly (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
    SELECT contract_id, event_time - (event_time % 3600000), service_cat, incoming, is_oob, destination, COUNT(*), SUM(service_used),
           SUM(resource_impact)
    FROM usage_records GROUP BY 1, 2, 3, 4, 5, 6`.execute(db);

  await run(db, onPostgres(db) ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS);
}

/** Back to 006's table, rolled up again from the records, with 006's triggers. */
export async function down(db: MigrationDb): Promise<void> {
  // The objects have 006's names: its `down` drops them.
  await dropUsageHourly006(db);
  await createUsageHourly006(db);
}

/** SQLite: a row trigger per change of a record, each moving one record's use in or out of its hour. */
const SQLITE_TRIGGERS = [
  sql`CREATE TRIGGER usage_hourly_insert AFTER INSERT ON usage_records BEGIN
  INSERT INTO usage_hourly (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
  VALUES (NEW.contract_id, NEW.event_time - (NEW.event_time % 3600000), NEW.service_cat, NEW.incoming, NEW.is_oob, NEW.destination, 1,
          NEW.service_used, NEW.resource_impact)
  ON CONFLICT (contract_id, hour, service_cat, incoming, is_oob, destination) DO UPDATE SET
    count = count + 1, used = used + excluded.used, cost = cost + excluded.cost;
END`,
  sql`CREATE TRIGGER usage_hourly_delete AFTER DELETE ON usage_records BEGIN
  UPDATE usage_hourly SET count = count - 1, used = used - OLD.service_used, cost = cost - OLD.resource_impact
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND incoming = OLD.incoming AND is_oob = OLD.is_oob AND destination = OLD.destination;
  DELETE FROM usage_hourly
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND incoming = OLD.incoming AND is_oob = OLD.is_oob AND destination = OLD.destination AND count = 0;
END`,
  sql`CREATE TRIGGER usage_hourly_update AFTER UPDATE OF contract_id, service_cat, incoming, is_oob, destination, service_used, resource_impact,
  event_time ON usage_records BEGIN
  UPDATE usage_hourly SET count = count - 1, used = used - OLD.service_used, cost = cost - OLD.resource_impact
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND incoming = OLD.incoming AND is_oob = OLD.is_oob AND destination = OLD.destination;
  DELETE FROM usage_hourly
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND incoming = OLD.incoming AND is_oob = OLD.is_oob AND destination = OLD.destination AND count = 0;
  INSERT INTO usage_hourly (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
  VALUES (NEW.contract_id, NEW.event_time - (NEW.event_time % 3600000), NEW.service_cat, NEW.incoming, NEW.is_oob, NEW.destination, 1,
          NEW.service_used, NEW.resource_impact)
  ON CONFLICT (contract_id, hour, service_cat, incoming, is_oob, destination) DO UPDATE SET
    count = count + 1, used = used + excluded.used, cost = cost + excluded.cost;
END`,
];

/** PostgreSQL: statement triggers over transition tables, as 006's. */
const POSTGRES_TRIGGERS = [
  sql`CREATE FUNCTION usage_hourly_add_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_hourly AS h (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
  SELECT contract_id, event_time - (event_time % 3600000), service_cat, incoming, is_oob, destination, COUNT(*), SUM(service_used),
         SUM(resource_impact)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (contract_id, hour, service_cat, incoming, is_oob, destination) DO UPDATE SET
    count = h.count + excluded.count, used = h.used + excluded.used, cost = h.cost + excluded.cost;
  RETURN NULL;
END $$`,
  sql`CREATE FUNCTION usage_hourly_remove_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_hourly h SET count = h.count - o.count, used = h.used - o.used, cost = h.cost - o.cost
  FROM (SELECT contract_id, event_time - (event_time % 3600000) AS hour, service_cat, incoming, is_oob, destination,
               COUNT(*) AS count, SUM(service_used) AS used, SUM(resource_impact) AS cost
        FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6) o
  WHERE h.contract_id = o.contract_id AND h.hour = o.hour AND h.service_cat = o.service_cat AND h.incoming = o.incoming
    AND h.is_oob = o.is_oob AND h.destination = o.destination;
  DELETE FROM usage_hourly h
  WHERE h.count = 0 AND EXISTS (
    SELECT 1 FROM old_rows o WHERE o.contract_id = h.contract_id AND o.event_time - (o.event_time % 3600000) = h.hour);
  RETURN NULL;
END $$`,
  sql`CREATE FUNCTION usage_hourly_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_hourly h SET count = h.count - o.count, used = h.used - o.used, cost = h.cost - o.cost
  FROM (SELECT contract_id, event_time - (event_time % 3600000) AS hour, service_cat, incoming, is_oob, destination,
               COUNT(*) AS count, SUM(service_used) AS used, SUM(resource_impact) AS cost
        FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6) o
  WHERE h.contract_id = o.contract_id AND h.hour = o.hour AND h.service_cat = o.service_cat AND h.incoming = o.incoming
    AND h.is_oob = o.is_oob AND h.destination = o.destination;
  INSERT INTO usage_hourly AS h (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
  SELECT contract_id, event_time - (event_time % 3600000), service_cat, incoming, is_oob, destination, COUNT(*), SUM(service_used),
         SUM(resource_impact)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (contract_id, hour, service_cat, incoming, is_oob, destination) DO UPDATE SET
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
