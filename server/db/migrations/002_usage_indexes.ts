import type { MigrationDb } from './helpers.ts';

/*
 * 002_usage_indexes: the usage history filtered by type (call, data or sms). 001 has (contract_id, event_time), which
 * serves every unfiltered query. A type filter on that index has to look up each row to read service_cat: ~200k
 * lookups for a count over the heavy demo customer. With this index the filtered count and page are index-only range
 * scans, already ordered by (event_time, rowid).
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('usage_records_contract_cat_time')
    .on('usage_records')
    .columns(['contract_id', 'service_cat', 'event_time'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('usage_records_contract_cat_time').execute();
}
