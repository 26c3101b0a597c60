-- 070_usage_versions: a number per contract that moves with every change to its usage records, in the same
-- transaction as the change. The usage history caches the hour index of a range (server/lib/usage-data.ts
-- hourIndex) under this number: an instance serves a page from its cache only while no instance has changed the
-- contract's records since. On PostgreSQL, with several instances writing, nothing else tells a process that its
-- cache is stale; one row per contract keeps that check to a primary-key read.
CREATE TABLE usage_versions (
  contract_id INTEGER PRIMARY KEY,
  version     INTEGER NOT NULL
);

CREATE TRIGGER usage_versions_insert AFTER INSERT ON usage_records BEGIN
  INSERT INTO usage_versions (contract_id, version) VALUES (NEW.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER usage_versions_delete AFTER DELETE ON usage_records BEGIN
  INSERT INTO usage_versions (contract_id, version) VALUES (OLD.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
END;

-- An update may move a record from one contract to another: both contracts move on.
CREATE TRIGGER usage_versions_update AFTER UPDATE ON usage_records BEGIN
  INSERT INTO usage_versions (contract_id, version) VALUES (OLD.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
  INSERT INTO usage_versions (contract_id, version) VALUES (NEW.contract_id, 1)
  ON CONFLICT (contract_id) DO UPDATE SET version = version + 1;
END;
