import type { MigrationDb } from './helpers.ts';

/*
 * 090_usage_country_promotion_end: where a roaming record was used, and when a promotion ends.
 * - usage_records.country: the country a roaming record was used in (ISO 3166-1 alpha-2), as the network reports it;
 *   null for use at home. The next invoice names its main cause with it ("roaming in Switzerland").
 * - promotions.ends_on: the last day a promotion applies (a service day, 'YYYY-MM-DD'); null: no end. The billing run
 *   cuts a promotion's line to it (contract/billing.ts), and an invoice says the day it ended.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('usage_records').addColumn('country', 'text').execute();
  await db.schema.alterTable('promotions').addColumn('ends_on', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('promotions').dropColumn('ends_on').execute();
  await db.schema.alterTable('usage_records').dropColumn('country').execute();
}
