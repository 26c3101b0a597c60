import type { Migration } from 'kysely';
import * as init from './001_init.ts';
import * as usageIndexes from './002_usage_indexes.ts';
import * as auth from './004_auth.ts';
import * as serverSecrets from './005_server_secrets.ts';
import * as usageHourly from './006_usage_hourly.ts';
import * as orders from './010_orders.ts';
import * as invoices from './011_invoices.ts';
import * as settings from './012_settings.ts';
import * as activation from './013_activation.ts';
import * as support from './014_support.ts';
import * as usageHourlyIncoming from './015_usage_hourly_incoming.ts';
import * as allowanceZones from './016_allowance_zones.ts';
import * as billing from './020_billing.ts';
import * as security from './030_security.ts';
import * as supportTicketStatus from './040_support_ticket_status.ts';
import * as instances from './050_instances.ts';
import * as payments from './060_payments.ts';
import * as usageVersions from './070_usage_versions.ts';
import * as paymentClaims from './080_payment_claims.ts';
import * as idempotencyHolder from './085_idempotency_holder.ts';
import * as usageCountryPromotionEnd from './090_usage_country_promotion_end.ts';

/*
 * Every migration, under the name the migrator records (its file's name): a static list, so that the bundled server
 * (esbuild, scripts/build-server.mjs) carries them in its code and reads no folder at run time. A new migration adds
 * its file and its line here; tests/server/migrations.test.ts fails when a file of the folder is missing from the list.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_init': { up: init.up, down: init.down },
  '002_usage_indexes': { up: usageIndexes.up, down: usageIndexes.down },
  '004_auth': { up: auth.up, down: auth.down },
  '005_server_secrets': { up: serverSecrets.up, down: serverSecrets.down },
  '006_usage_hourly': { up: usageHourly.up, down: usageHourly.down },
  '010_orders': { up: orders.up, down: orders.down },
  '011_invoices': { up: invoices.up, down: invoices.down },
  '012_settings': { up: settings.up, down: settings.down },
  '013_activation': { up: activation.up, down: activation.down },
  '014_support': { up: support.up, down: support.down },
  '015_usage_hourly_incoming': { up: usageHourlyIncoming.up, down: usageHourlyIncoming.down },
  '016_allowance_zones': { up: allowanceZones.up, down: allowanceZones.down },
  '020_billing': { up: billing.up, down: billing.down },
  '030_security': { up: security.up, down: security.down },
  '040_support_ticket_status': { up: supportTicketStatus.up, down: supportTicketStatus.down },
  '050_instances': { up: instances.up, down: instances.down },
  '060_payments': { up: payments.up, down: payments.down },
  '070_usage_versions': { up: usageVersions.up, down: usageVersions.down },
  '080_payment_claims': { up: paymentClaims.up, down: paymentClaims.down },
  '085_idempotency_holder': { up: idempotencyHolder.up, down: idempotencyHolder.down },
  '090_usage_country_promotion_end': { up: usageCountryPromotionEnd.up, down: usageCountryPromotionEnd.down },
};
