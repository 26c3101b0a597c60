import type { CreditorDto } from '#contract/invoices';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
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
  mail: MailConfig;
  /** Jobs run on the clock's time (lib/scheduler.ts): feature modules register theirs. */
  scheduler: Scheduler;
  /** The energy portal's address (ends with '/'): the configured one, or the stand-in's `/energy-portal/`. */
  energyPortalUrl: string;
  /** Who customers pay (CREDITOR_* configuration): payment QR codes, invoices and direct-debit mandates. */
  creditor: CreditorDto;
  /** Mutable runtime switches (test mode toggles maintenance). */
  state: { maintenance: boolean };
};
