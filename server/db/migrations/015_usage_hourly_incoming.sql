-- 015_usage_hourly_incoming: the hourly rollup of 006 also tells incoming from outgoing use. The rating
-- (contract/rating.ts) never counts incoming calls and texts against a bundle, so every total read from the rollup
-- (the usage summary, the exports, the alerts, the invoice's out-of-bundle lines) must be able to leave them out.
-- The table is rebuilt from the records (its key changes), with its triggers.
DROP TRIGGER usage_hourly_insert;
DROP TRIGGER usage_hourly_delete;
DROP TRIGGER usage_hourly_update;
DROP TABLE usage_hourly;

CREATE TABLE usage_hourly (
  contract_id INTEGER NOT NULL,
  hour        INTEGER NOT NULL, -- event_time rounded down to the UTC hour (epoch ms)
  service_cat TEXT    NOT NULL,
  incoming    INTEGER NOT NULL,
  is_oob      INTEGER NOT NULL,
  destination TEXT    NOT NULL,
  count       INTEGER NOT NULL,
  used        INTEGER NOT NULL,
  cost        INTEGER NOT NULL,
  PRIMARY KEY (contract_id, hour, service_cat, incoming, is_oob, destination)
) WITHOUT ROWID;
CREATE INDEX usage_hourly_contract_cat_hour ON usage_hourly(contract_id, service_cat, hour);

INSERT INTO usage_hourly (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
SELECT contract_id, event_time - (event_time % 3600000), service_cat, incoming, is_oob, destination, COUNT(*), SUM(service_used),
       SUM(resource_impact)
FROM usage_records GROUP BY 1, 2, 3, 4, 5, 6;

CREATE TRIGGER usage_hourly_insert AFTER INSERT ON usage_records BEGIN
  INSERT INTO usage_hourly (contract_id, hour, service_cat, incoming, is_oob, destination, count, used, cost)
  VALUES (NEW.contract_id, NEW.event_time - (NEW.event_time % 3600000), NEW.service_cat, NEW.incoming, NEW.is_oob, NEW.destination, 1,
          NEW.service_used, NEW.resource_impact)
  ON CONFLICT (contract_id, hour, service_cat, incoming, is_oob, destination) DO UPDATE SET
    count = count + 1, used = used + excluded.used, cost = cost + excluded.cost;
END;

CREATE TRIGGER usage_hourly_delete AFTER DELETE ON usage_records BEGIN
  UPDATE usage_hourly SET count = count - 1, used = used - OLD.service_used, cost = cost - OLD.resource_impact
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND incoming = OLD.incoming AND is_oob = OLD.is_oob AND destination = OLD.destination;
  DELETE FROM usage_hourly
  WHERE contract_id = OLD.contract_id AND hour = OLD.event_time - (OLD.event_time % 3600000) AND service_cat = OLD.service_cat
    AND incoming = OLD.incoming AND is_oob = OLD.is_oob AND destination = OLD.destination AND count = 0;
END;

CREATE TRIGGER usage_hourly_update AFTER UPDATE OF contract_id, service_cat, incoming, is_oob, destination, service_used, resource_impact,
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
END;
