import type { ServerConfig } from '../config.ts';
import { mailerKindOf } from './mailer.ts';
import { DEFAULT_VAPID_SUBJECT } from './push.ts';

/*
 * What a start says about itself (docs/product/operations.md "Demo and production"): its mode first, then one line for
 * each real service it does not have, saying what is off (production) or what plays it (the demo). An operator
 * reads at a glance what customers will and will not get.
 */

type Reported = Pick<
  ServerConfig,
  | 'demo'
  | 'testMode'
  | 'databaseUrl'
  | 'mollieApiKey'
  | 'smtpUrl'
  | 'smsGatewayDomain'
  | 'energyPortalUrl'
  | 'vapidSubject'
  | 'publicUrl'
  | 'devOutbox'
  | 'behindTlsProxy'
>;

export const modeLine = (config: Reported): string => {
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded SQLite';
  return config.demo
    ? `Mode: demo (DEMO=on), ${database}: demo customers on an empty database, stand-ins for the services not configured`
    : `Mode: production (DEMO=off), ${database}: no demo account, no stand-in`;
};

export const offLines = (config: Reported): string[] => {
  const lines: string[] = [];
  const { demo } = config;
  if (!config.mollieApiKey)
    lines.push(
      demo
        ? 'Online payment: stand-in provider at /psp-stand-in/ (MOLLIE_API_KEY unset): nothing is really paid'
        : 'Online payment: off (MOLLIE_API_KEY unset): the app hides "Pay now"; customers pay by transfer or direct debit',
    );
  if (!config.smtpUrl)
    lines.push(
      mailerKindOf(config, config.testMode) === 'outbox'
        ? 'Mail: development outbox at /dev/outbox (SMTP_URL unset): nothing leaves this machine'
        : 'Mail: off (SMTP_URL unset): e-mails and texts are written to this log, not sent',
    );
  else if (!config.smsGatewayDomain) lines.push('Text messages: off (SMS_GATEWAY_DOMAIN unset): codes and alerts go by e-mail only');
  if (!config.energyPortalUrl)
    lines.push(
      demo
        ? 'Energy portal: stand-in at /energy-portal/ (ENERGY_PORTAL_URL unset)'
        : 'Energy portal: off (ENERGY_PORTAL_URL unset): no one-click energy login',
    );
  lines.push(
    demo
      ? 'SIM provisioning: simulator on the server clock (the network and other operators are played)'
      : 'SIM provisioning: no network integration in this server: SIM orders wait at their current step',
  );
  if (config.vapidSubject === DEFAULT_VAPID_SUBJECT)
    lines.push(`Push: VAPID_SUBJECT unset: push services are given ${DEFAULT_VAPID_SUBJECT} as the operator's contact`);
  if (!config.publicUrl.startsWith('https:'))
    lines.push(
      config.behindTlsProxy
        ? `PUBLIC_URL ${config.publicUrl} is plain HTTP behind a TLS proxy (BEHIND_TLS_PROXY=1): cookies go without Secure`
        : `PUBLIC_URL ${config.publicUrl} is plain HTTP: session cookies go without Secure`,
    );
  return lines;
};
