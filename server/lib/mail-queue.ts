import type { Db } from '../db/engine.ts';
import type { Clock } from './clock.ts';
import type { Mailer, OutgoingMessage } from './mailer.ts';

/*
 * Messages sent after the answer (docs/product/security.md "Nothing tells which accounts exist"): a recovery or an
 * account creation answers the same, in the same time, whether or not the address or number belongs to someone, so the
 * message that only a known one gets cannot be sent while the request waits (an SMTP exchange took 419 ms against 6 ms
 * for an unknown address, and a failed one answered 502 for known addresses only).
 *
 * The route queues the message in the database (mail_queue); once the answer is sent, the queue sends what is due
 * (plugins hook `onResponse` in app.ts), and the clean-up job retries what failed. A failure is logged and retried
 * with growing waits (30 s, 1, 2, 4 … at most 30 minutes) until the message is sent or what it carries has expired
 * (a code after its 10 minutes, a link after its 24 hours): then it is dropped, and the log says so. The customer
 * never sees a failure: the answer was already "if this is yours, a message is on its way".
 *
 * Several instances may share the queue: a message is claimed for CLAIM_MS before it is sent, so only one sends it.
 */

const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;
const BATCH = 20;

export type QueueLog = {
  warn: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

export type MailQueue = {
  /**
   * Queues a message that is worth sending until `expiresAt`; it goes out after the answer. `executor`: the request's
   * transaction when there is one (the message is queued with the change that asks for it, or not at all).
   */
  enqueue: (message: OutgoingMessage, expiresAt: Date, executor?: Db) => Promise<void>;
  /** Sends the due messages (after an answer, and on the clean-up job's clock). */
  flush: () => Promise<void>;
  /** Waits for the sends in progress, then sends what is due (the development outbox reads after this). */
  drain: () => Promise<void>;
  /** Waits for the sends in progress (before the database closes). */
  settled: () => Promise<void>;
  /** True when something was queued since the last flush started. */
  pending: () => boolean;
};

type QueuedRow = {
  id: number;
  channel: OutgoingMessage['channel'];
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
  expires_at: string;
};

export const retryDelayMs = (attempts: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** Where a message goes, for the log: the domain of an address, the last digits of a number (never the whole). */
const maskRecipient = (channel: OutgoingMessage['channel'], to: string): string =>
  channel === 'EMAIL' ? `…@${to.split('@')[1] ?? ''}` : `…${to.slice(-3)}`;

export const createMailQueue = (db: Db, clock: Clock, mailer: Mailer, log: QueueLog): MailQueue => {
  let queued = false;
  let running: Promise<void> = Promise.resolve();

  const claim = async (id: number, now: Date): Promise<boolean> => {
    const result = await db
      .updateTable('mail_queue')
      .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  };

  const remove = async (id: number): Promise<void> => {
    await db.deleteFrom('mail_queue').where('id', '=', id).execute();
  };

  const sendOne = async (row: QueuedRow): Promise<void> => {
    try {
      await mailer.send({ channel: row.channel, to: row.recipient, subject: row.subject, text: row.body });
      await remove(row.id);
    } catch (error) {
      const now = clock.now();
      const attempts = row.attempts + 1;
      const next = new Date(now.getTime() + retryDelayMs(attempts));
      const reason = error instanceof Error ? error.message : String(error);
      const fields = {
        mailQueue: { id: row.id, channel: row.channel, to: maskRecipient(row.channel, row.recipient), attempts },
        err: reason,
      };
      if (next.getTime() >= new Date(row.expires_at).getTime()) {
        await remove(row.id);
        log.error(fields, 'message not sent before it expired: dropped');
        return;
      }
      await db
        .updateTable('mail_queue')
        .set({ attempts, next_attempt_at: next.toISOString(), claimed_until: null, last_error: reason.slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
      log.warn(fields, `message not sent: retried at ${next.toISOString()}`);
    }
  };

  /** What could not be sent while it was worth sending goes, and the log says so (the customer may ask again). */
  const dropExpired = async (now: Date): Promise<void> => {
    const expired = await db
      .selectFrom('mail_queue')
      .select(['id', 'channel', 'recipient', 'attempts'])
      .where('expires_at', '<=', now.toISOString())
      .execute();
    for (const row of expired) {
      await remove(row.id);
      log.error(
        { mailQueue: { id: row.id, channel: row.channel, to: maskRecipient(row.channel, row.recipient), attempts: row.attempts } },
        'message not sent before it expired: dropped',
      );
    }
  };

  const sendDue = async (): Promise<void> => {
    queued = false;
    for (;;) {
      const now = clock.now();
      await dropExpired(now);
      const due: QueuedRow[] = await db
        .selectFrom('mail_queue')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'attempts', 'expires_at'])
        .where('next_attempt_at', '<=', now.toISOString())
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of due) if (await claim(row.id, now)) await sendOne(row);
      if (due.length < BATCH) return;
    }
  };

  const flush = (): Promise<void> => {
    // One flush at a time in this process: a second waits for the first, then sends what it left.
    running = running.then(sendDue, sendDue);
    return running;
  };

  return {
    enqueue: async (message, expiresAt, executor = db) => {
      const now = clock.now().toISOString();
      await executor
        .insertInto('mail_queue')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          next_attempt_at: now,
          expires_at: expiresAt.toISOString(),
          created_at: now,
        })
        .execute();
      queued = true;
    },
    flush,
    drain: async () => {
      await running;
      await flush();
    },
    settled: () => running,
    pending: () => queued,
  };
};
