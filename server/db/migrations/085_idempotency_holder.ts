import type { MigrationDb } from './helpers.ts';

/*
 * 085_idempotency_holder: exactly once across crashes (docs/decisions/0013-idempotent-answer-in-the-transaction.md).
 * Each claim of a key writes a token of its own in `holder`; the transaction that applies the change writes the answer
 * on the key's row only while the row still names its token, in the same transaction as the change. An instance whose
 * lease was taken over (it was thought dead) therefore cannot commit its change after the one that took the key over.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('holder', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('holder').execute();
}
