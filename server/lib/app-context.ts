import type { CreditorDto } from '#contract/invoices';
import type { Supplier } from '../config.ts';
import type { OperatorDetails } from '#contract/operator';
import type { Db } from '../db/engine.ts';
import type { Clock } from './clock.ts';
import type { MailQueue } from './mail-queue.ts';
import type { MailConfig, Mailer } from './mailer.ts';
import type { Scheduler } from './scheduler.ts';

/** What every plugin and route module receives from buildApp: passed explicitly, no Fastify decorators. */
export type AppContext = {
  db: Db;
  clock: Clock;
  testMode: boolean;
  version: string;
  /** E-mail and SMS sender (SMTP, or the development outbox) and the settings its links use. */
  mailer: Mailer;
  /** Messages sent after the answer, retried until sent or expired (lib/mail-queue.ts). */
  mailQueue: MailQueue;
  mail: MailConfig;
  /** Jobs run on the clock's time (lib/scheduler.ts): feature modules register theirs. */
  scheduler: Scheduler;
  /**
   * The energy portal's address (ends with '/'): the configured one, or the demo stand-in's `/energy-portal/`; null:
   * none (production without ENERGY_PORTAL_URL), the one-click login is off.
   */
  energyPortalUrl: string | null;
  /** Who customers pay (CREDITOR_* configuration): payment QR codes, invoices and direct-debit mandates. */
  creditor: CreditorDto;
  /** Who issues the invoices (SUPPLIER_* configuration): named on every invoice. */
  supplier: Supplier;
  /** The product's name, the operator's legal name and the customer-service number (PRODUCT_NAME, CUSTOMER_SERVICE_PHONE). */
  operator: OperatorDetails;
  /** A payment provider takes payments online (Mollie, or the demo's stand-in); false: "Pay now" is off. */
  onlinePayment: boolean;
  /** Mutable runtime switches (test mode toggles maintenance). */
  state: { maintenance: boolean };
};
