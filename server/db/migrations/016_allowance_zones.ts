import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/*
 * 016_allowance_zones: the zone an option's volumes apply to (contract/rating.ts): 'domestic' adds to the plan's bundle
 * (national use and roaming in the EU), 'international' to calls and texts from Belgium to abroad, 'world' to roaming
 * outside the EU. Base products are domestic. The two options of the catalogue that are not domestic are named here
 * for a database seeded before this column; a new database gets its zones from the seed.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('allowance_zone', 'text', (c) =>
      c
        .notNull()
        .defaultTo('domestic')
        .check(sql`allowance_zone IN ('domestic', 'international', 'world')`),
    )
    .execute();
  await db
    .updateTable('products')
    .set({ allowance_zone: 'international' })
    .where('type', '=', 'OPTION')
    .where('name', '=', 'International 60')
    .execute();
  await db
    .updateTable('products')
    .set({ allowance_zone: 'world' })
    .where('type', '=', 'OPTION')
    .where('name', '=', 'Roaming World 1 GB')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('allowance_zone').execute();
}
