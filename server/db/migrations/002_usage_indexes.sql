-- 002_usage_indexes: the usage history filtered by type (call, data or sms).
-- 001 has (contract_id, event_time), which serves every unfiltered query. A type filter on that index has to
-- look up each row to read service_cat: ~200k lookups for a count over the heavy demo customer. With this
-- index the filtered count and page are index-only range scans, already ordered by (event_time, rowid).
CREATE INDEX usage_records_contract_cat_time ON usage_records(contract_id, service_cat, event_time);
