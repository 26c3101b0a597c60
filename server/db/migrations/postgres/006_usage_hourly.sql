-- 006_usage_hourly (PostgreSQL): ../006_usage_hourly.sql in PostgreSQL's words. The same table, kept up to date by
-- triggers; here they run once per statement over its transition tables (the rows inserted, deleted or updated), so
-- a bulk insert (the seed's 200,000 records) adds to each hour once per statement, not once per record. Concurrent
-- inserts into one hour meet in ON CONFLICT, which PostgreSQL applies atomically.
CREATE TABLE usage_hourly (
  contract_id INTEGER NOT NULL,
  hour        BIGINT  NOT NULL, -- event_time rounded down to the UTC hour (epoch ms)
  service_cat TEXT    NOT NULL,
  is_oob      INTEGER NOT NULL,
  destination TEXT    NOT NULL,
  count       INTEGER NOT NULL,
  used        BIGINT  NOT NULL,
  cost        BIGINT  NOT NULL,
  PRIMARY KEY (contract_id, hour, service_cat, is_oob, destination)
);
CREATE INDEX usage_hourly_contract_cat_hour ON usage_hourly(contract_id, service_cat, hour);

INSERT INTO usage_hourly (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
SELECT contract_id, event_time - (event_time % 3600000), service_cat, is_oob, destination, COUNT(*), SUM(service_used), SUM(resource_impact)
FROM usage_records GROUP BY 1, 2, 3, 4, 5;

CREATE FUNCTION usage_hourly_add_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_hourly AS h (contract_id, hour, service_cat, is_oob, destination, count, used, cost)
  SELECT contract_id, event_time - (event_time % 3600000), service_cat, is_oob, destination, COUNT(*), SUM(service_used),
         SUM(resource_impact)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (contract_id, hour, service_cat, is_oob, destination) DO UPDATE SET
    count = h.count + excluded.count, used = h.used + excluded.used, cost = h.cost + excluded.cost;
  RETURN NULL;
END $$;

CREATE FUNCTION usage_hourly_remove_old() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

CREATE FUNCTION usage_hourly_move() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

CREATE TRIGGER usage_hourly_insert AFTER INSERT ON usage_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_add_new();
CREATE TRIGGER usage_hourly_delete AFTER DELETE ON usage_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_remove_old();
-- Every update (a transition table cannot go with a column list); an update of other columns moves nothing.
CREATE TRIGGER usage_hourly_update AFTER UPDATE ON usage_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_move();
