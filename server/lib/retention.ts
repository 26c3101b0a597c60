import type { AppContext } from './app-context.ts';
import { purgeIdlePushSubscriptions } from './alert-data.ts';
import { purgeExpiredDeviceCookies } from './device-cookies.ts';
import { purgeUnusedDevices } from './devices.ts';
import { OUTBOX_DAYS } from './mailer.ts';
import { purgeExpiredSecrets } from './one-time-codes.ts';
import { purgeIdleAttempts } from './rate-limit.ts';
import { purgeEndedSessions } from './sessions.ts';

/*
 * Every table that anonymous or logged-in traffic can grow has a bound and an expiry (docs/product/security.md
 * "Rate limits and lockouts"; docs/product/operations.md "Several instances"). The bounds are kept where the rows are written (per
 * account, per address, per day); the expiries here, in one clean-up job on the server's clock, claimed once across
 * instances like every job. tests/server/security-tables.test.ts drives each table past its bound and its expiry.
 *
 * | table              | bound (where written)                                  | expiry (here)                                   |
 * | login_attempts     | per key; keys per address limited by the guess limits  | a day after the last failure, once unlocked     |
 * | rate_counters      | one per address                                        | at the end of its window                        |
 * | device_cookies     | 10 per account                                         | 180 days                                        |
 * | sessions           | 20 logins per account, 5 rotated rows per login        | refresh end; ended ones a day after             |
 * | devices            | 20 per account                                         | 30 days unused without a live session           |
 * | link_tokens        | 5 per account and purpose                              | a day after their expiry                        |
 * | sms_codes          | 5 per number and purpose                               | a day after their expiry                        |
 * | idempotency_keys   | 1,000 per account, 100 per anonymous address           | 8 days (an anonymous caller's: 1 day)           |
 * | push_subscriptions | 10 per account                                         | 30 days after the account's last live session   |
 * | page_views         | 300 (route, language) pairs per day                    | 400 days                                        |
 * | mail_queue         | what the senders' own limits let through               | when what it carries expires (lib/mail-queue.ts, |
 * |                    |                                                        | which logs each message it drops)               |
 * | outbox (dev/test)  | 1,000 messages                                         | 7 days                                          |
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_USER_DAYS = 8;
export const IDEMPOTENCY_ANONYMOUS_DAYS = 1;
export const PAGE_VIEW_DAYS = 400;
/** How often the clean-up runs (clock time). */
export const CLEAN_UP_EVERY_MS = 10 * 60 * 1000;

const daysAgo = (now: Date, days: number): string => new Date(now.getTime() - days * DAY_MS).toISOString();

const deleted = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);

/** Removes what has expired; returns how many rows each table lost (the log says so when it is not nothing). */
export const purgeExpired = async (ctx: Pick<AppContext, 'db'>, now: Date): Promise<Record<string, number>> => {
  const { db } = ctx;
  return {
    login_attempts: await purgeIdleAttempts(db, now),
    rate_counters: deleted(await db.deleteFrom('rate_counters').where('window_end', '<=', now.toISOString()).executeTakeFirst()),
    device_cookies: await purgeExpiredDeviceCookies(db, now),
    sessions: await purgeEndedSessions(db, now),
    devices: await purgeUnusedDevices(db, now),
    secrets: await purgeExpiredSecrets(db, now),
    // A placeholder (status 0) older than a day belongs to a process that died while applying: nothing to replay.
    idempotency_keys: deleted(
      await db
        .deleteFrom('idempotency_keys')
        .where((eb) =>
          eb.or([
            eb('created_at', '<=', daysAgo(now, IDEMPOTENCY_USER_DAYS)),
            eb.and([
              eb('created_at', '<=', daysAgo(now, IDEMPOTENCY_ANONYMOUS_DAYS)),
              eb.or([eb('user_id', 'is', null), eb('status_code', '=', 0)]),
            ]),
          ]),
        )
        .executeTakeFirst(),
    ),
    push_subscriptions: await purgeIdlePushSubscriptions(db, now),
    page_views: deleted(await db.deleteFrom('page_views').where('day', '<', daysAgo(now, PAGE_VIEW_DAYS).slice(0, 10)).executeTakeFirst()),
    outbox: deleted(await db.deleteFrom('outbox').where('created_at', '<=', daysAgo(now, OUTBOX_DAYS)).executeTakeFirst()),
  };
};

/** The clean-up job, and the retry of the messages that could not be sent yet. */
export const registerRetentionJobs = (ctx: AppContext, log: { info: (fields: object, message: string) => void }): void => {
  ctx.scheduler.register({
    name: 'security.clean-up',
    everyMs: CLEAN_UP_EVERY_MS,
    run: async (now) => {
      const removed = Object.fromEntries(Object.entries(await purgeExpired(ctx, now)).filter(([, n]) => n > 0));
      if (Object.keys(removed).length > 0) log.info({ removed }, 'expired rows removed');
    },
  });
  ctx.scheduler.register({ name: 'mail.send-due', run: () => ctx.mailQueue.flush() });
};
