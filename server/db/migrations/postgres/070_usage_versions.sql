-- 070_usage_versions (PostgreSQL): ../070_usage_versions.sql with statement triggers and transition tables (as the
-- hourly rollup's, postgres/015_usage_hourly_incoming.sql): one row update per contract a statement touched, not
-- one per record. The row's lock also orders two transactions writing one contract's records, so the number a
-- reader sees never goes back.
CREATE TABLE usage_versions (
  contract_id INTEGER PRIMARY KEY,
  version     BIGINT  NOT NULL
);

CREATE FUNCTION usage_versions_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_versions AS v (contract_id, version)
  SELECT DISTINCT contract_id, 1 FROM new_rows ORDER BY contract_id
  ON CONFLICT (contract_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION usage_versions_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_versions AS v (contract_id, version)
  SELECT DISTINCT contract_id, 1 FROM old_rows ORDER BY contract_id
  ON CONFLICT (contract_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION usage_versions_bump_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_versions AS v (contract_id, version)
  SELECT contract_id, 1 FROM (SELECT contract_id FROM old_rows UNION SELECT contract_id FROM new_rows) touched ORDER BY contract_id
  ON CONFLICT (contract_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER usage_versions_insert AFTER INSERT ON usage_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_versions_bump_new();
CREATE TRIGGER usage_versions_delete AFTER DELETE ON usage_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_versions_bump_old();
CREATE TRIGGER usage_versions_update AFTER UPDATE ON usage_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_versions_bump_moved();
