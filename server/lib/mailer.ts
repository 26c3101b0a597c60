import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { stmt } from './sql.ts';

/*
 * The one way the server sends e-mails and SMS. With SMTP_URL set, messages go out through
 * nodemailer; without it they land in the `outbox` table, shown at /dev/outbox (server/routes/dev-outbox.ts),
 * from which the demo and the browser tests read codes and links. Routes only call `send`: they never know
 * which sender is configured.
 */

export type Channel = 'SMS' | 'EMAIL';

export type OutgoingMessage = { channel: Channel; to: string; subject: string | null; text: string };

export type Mailer = {
  /** 'outbox' = development stand-in: nothing leaves the machine. */
  kind: 'smtp' | 'outbox';
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
};

/** The mail settings of the server's configuration (SMTP_URL, MAIL_FROM, SMS_GATEWAY_DOMAIN, PUBLIC_URL). */
export const mailConfigOf = (config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'smsGatewayDomain' | 'publicUrl'>): MailConfig => ({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  smsGatewayDomain: config.smsGatewayDomain,
  publicUrl: config.publicUrl,
});

/** Thrown when a message could not be handed to the real sender; routes answer 502 serverError. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

const createOutbox = (db: Db, clock: Clock): Mailer => ({
  kind: 'outbox',
  send: (message) => {
    stmt<[Channel, string, string | null, string, string]>(
      db,
      'INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(message.channel, message.to.trim().toLowerCase(), message.subject, message.text, clock.now().toISOString());
    return Promise.resolve();
  },
});

const createSmtp = (config: MailConfig & { smtpUrl: string }): Mailer => {
  // Short time-outs: the request that triggers a message waits for it, and a dead relay must not hang it.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    send: async (message) => {
      const to = message.channel === 'SMS' ? (config.smsGatewayDomain ? `${message.to}@${config.smsGatewayDomain}` : null) : message.to;
      if (!to) throw new DeliveryError('No SMS gateway configured (SMS_GATEWAY_DOMAIN)');
      try {
        await transport.sendMail({ from: config.from, to, subject: message.subject ?? '', text: message.text });
      } catch (error) {
        throw new DeliveryError('SMTP delivery failed', { cause: error });
      }
    },
  };
};

export const createMailer = (db: Db, clock: Clock, config: MailConfig): Mailer =>
  config.smtpUrl ? createSmtp({ ...config, smtpUrl: config.smtpUrl }) : createOutbox(db, clock);
