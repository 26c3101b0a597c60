import { sql } from 'kysely';
import type { Transporter } from 'nodemailer';
import { defaultOperator, mailSignature, type OperatorDetails } from '#contract/operator';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/engine.ts';
import type { Clock } from './clock.ts';

/*
 * The one way the server sends e-mails and SMS. With SMTP_URL set, messages go out through nodemailer. Without
 * it, they are written to the server's log (the `npm start` console), like the console mail backends of web
 * frameworks: nobody can read a message over HTTP, so a default start cannot be used to take over an account
 * through a recovery link. Only when the development outbox is switched on explicitly (DEV_OUTBOX=1, or test
 * mode, whose browser tests read codes and links there) do messages land in the `outbox` table, shown at
 * /dev/outbox to the machine itself (server/routes/dev-outbox.ts). Routes only call `send`: they never know which
 * sender is configured.
 */

export type Channel = 'SMS' | 'EMAIL';

export type OutgoingMessage = { channel: Channel; to: string; subject: string | null; text: string };

export type Mailer = {
  /** 'log' = written to the server log; 'outbox' = the opt-in development outbox. Neither leaves the machine. */
  kind: 'smtp' | 'outbox' | 'log';
  send: (message: OutgoingMessage) => Promise<void>;
};

export type MailConfig = {
  /** smtp:// or smtps:// URL with credentials; null = development outbox. */
  smtpUrl: string | null;
  /** Sender of the e-mails. */
  from: string;
  /**
   * SMS through SMTP: an e-mail-to-SMS gateway domain (`0470…@domain`). A real deployment plugs its SMS provider
   * in here; without a gateway, SMS are refused rather than silently dropped.
   */
  smsGatewayDomain: string | null;
  /** Origin of the app in links (never taken from the request's Host header, which a caller controls). */
  publicUrl: string;
  /** Without SMTP: keep messages in the development outbox (/dev/outbox, loopback only) instead of the log. */
  devOutbox: boolean;
  /** Who signs the e-mails: the product's name and the customer-service number (PRODUCT_NAME, CUSTOMER_SERVICE_PHONE). */
  operator?: OperatorDetails;
};

/** The mail settings of the server's configuration (SMTP_URL, MAIL_FROM, SMS_GATEWAY_DOMAIN, PUBLIC_URL, DEV_OUTBOX). */
export const mailConfigOf = (
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'smsGatewayDomain' | 'publicUrl' | 'devOutbox'> &
    Partial<Pick<ServerConfig, 'operator'>>,
): MailConfig => ({
  operator: config.operator ?? defaultOperator,
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  smsGatewayDomain: config.smsGatewayDomain,
  publicUrl: config.publicUrl,
  devOutbox: config.devOutbox,
});

/** Thrown when a message could not be handed to the real sender; routes answer 502 serverError. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** The development outbox keeps this many messages (the newest) for OUTBOX_DAYS: a bound, even in a long demo. */
export const OUTBOX_MAX_MESSAGES = 1000;
export const OUTBOX_DAYS = 7;

const createOutbox = (db: Db, clock: Clock): Mailer => ({
  kind: 'outbox',
  send: async (message) => {
    await db
      .insertInto('outbox')
      .values({
        channel: message.channel,
        recipient: message.to.trim().toLowerCase(),
        subject: message.subject,
        body: message.text,
        created_at: clock.now().toISOString(),
      })
      .execute();
    await db
      .deleteFrom('outbox')
      .where('id', '<=', sql<number>`(SELECT MAX(id) FROM outbox) - ${OUTBOX_MAX_MESSAGES}`)
      .execute();
  },
});

const createSmtp = (config: MailConfig & { smtpUrl: string }): Mailer => {
  // nodemailer is loaded by the first message, not by every start of the server (docs/server.md "Start-up").
  let transport: Promise<Transporter> | null = null;
  const transportOf = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    // Short time-outs: the request that triggers a message waits for it, and a dead relay must not hang it.
    return nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  };
  return {
    kind: 'smtp',
    send: async (message) => {
      const to = message.channel === 'SMS' ? (config.smsGatewayDomain ? `${message.to}@${config.smsGatewayDomain}` : null) : message.to;
      if (!to) throw new DeliveryError('No SMS gateway configured (SMS_GATEWAY_DOMAIN)');
      try {
        transport ??= transportOf();
        await (await transport).sendMail({ from: config.from, to, subject: message.subject ?? '', text: message.text });
      } catch (error) {
        throw new DeliveryError('SMTP delivery failed', { cause: error });
      }
    },
  };
};

/** The part of the server's logger the log sender writes with. */
export type MailLog = { info: (fields: object, message: string) => void };

const createLogSender = (log: MailLog): Mailer => ({
  kind: 'log',
  send: (message) => {
    log.info(
      { mail: { channel: message.channel, to: message.to, subject: message.subject } },
      `${message.channel} to ${message.to} not sent (no SMTP_URL), written here instead:\n${message.text}`,
    );
    return Promise.resolve();
  },
});

/**
 * Every e-mail ends with the same signature, whoever writes it (docs/product/support.md "Customer-service number": one
 * number everywhere): the product's name and the customer-service number from the configuration. SMS carry none
 * (one segment is 160 characters).
 */
const signed = (mailer: Mailer, operator: OperatorDetails): Mailer => ({
  kind: mailer.kind,
  send: (message) => mailer.send(message.channel === 'EMAIL' ? { ...message, text: message.text + mailSignature(operator) } : message),
});

/** Where messages go: SMTP when configured; otherwise the development outbox (DEV_OUTBOX, test mode) or the log. */
export const mailerKindOf = (config: Pick<MailConfig, 'smtpUrl' | 'devOutbox'>, testMode: boolean): 'smtp' | 'outbox' | 'log' =>
  config.smtpUrl ? 'smtp' : config.devOutbox || testMode ? 'outbox' : 'log';

export const createMailer = (db: Db, clock: Clock, config: MailConfig, options: { testMode: boolean; log: MailLog }): Mailer => {
  const operator = config.operator ?? defaultOperator;
  const kind = mailerKindOf(config, options.testMode);
  if (kind === 'smtp' && config.smtpUrl) return signed(createSmtp({ ...config, smtpUrl: config.smtpUrl }), operator);
  return signed(kind === 'outbox' ? createOutbox(db, clock) : createLogSender(options.log), operator);
};
