import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CreditorDto } from '#contract/invoices';
import { defaultOperator, serviceNumberPattern, type OperatorDetails } from '#contract/operator';
import { bicMatchesIban, bicSchema, ibanSchema } from '#contract/validators';

/*
 * The server's configuration: every environment variable it reads, read once at start (server/main.ts) and
 * validated here. A wrong value stops the start with one message that names the variable and what it expects;
 * nothing else in the server reads process.env. `.env.example` and the README's configuration table list the
 * same variables.
 */

/**
 * Which proxies' X-Forwarded-* headers to believe: none, a number of hops, or the proxies' addresses. Never "every
 * hop" (Fastify's `true`): then the left-most X-Forwarded-For entry, which any client writes, would be the address
 * every per-address limit counts (docs/product/security.md "Proxies").
 */
export type TrustProxy = false | number | string[];

export type ServerConfig = {
  /**
   * The demo (DEMO=on): demo customers on an empty database and stand-ins for the services not configured. Off: a
   * server for real customers. Default: on with the embedded SQLite database, off with DATABASE_URL.
   */
  demo: boolean;
  /** The operator vouches that a proxy in front terminates TLS (BEHIND_TLS_PROXY): PUBLIC_URL may then be http. */
  behindTlsProxy: boolean;
  port: number;
  host: string;
  /** Absolute path of the folder that holds the SQLite database (unused with `databaseUrl`). */
  dataDir: string;
  /** PostgreSQL (postgres://…): any number of instances on one database. Null: SQLite under `dataDir`. */
  databaseUrl: string | null;
  /** Most connections one instance opens to PostgreSQL. */
  databasePoolSize: number;
  /** A PostgreSQL statement running longer is cancelled. */
  databaseStatementTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  smsGatewayDomain: string | null;
  /** Origin of the app in e-mailed links, without a trailing slash. */
  publicUrl: string;
  testMode: boolean;
  /** Test mode only: the server's clock runs this many ms ahead of the real one (a test run's pinned date). */
  clockOffsetMs: number;
  /** Without SMTP: keep messages in the development outbox (/dev/outbox, loopback only) instead of the log. */
  devOutbox: boolean;
  /** The built app to serve, or null: API only. */
  staticDir: string | null;
  trustProxy: TrustProxy;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long a shutdown waits for requests in flight before it closes their connections. */
  shutdownTimeoutMs: number;
  /**
   * The energy portal (outside this product): where the owner's one-click login opens (`<url>/one-click`). Null: the
   * reference server's own stand-in portal at /energy-portal/.
   */
  energyPortalUrl: string | null;
  /** VAPID subject of Web Push: how push services reach the operator (mailto: or https:). */
  vapidSubject: string;
  /** Development: feed a little usage to the active lines every 10 minutes, so alerts happen by themselves. */
  devUsageFeed: boolean;
  /** Who customers pay: the account of bank transfers and payment QR codes, the identifier of direct debits. */
  creditor: CreditorDto;
  /**
   * Mollie's API key (test_… or live_…): online payments go through Mollie. Null: through the stand-in provider this
   * server serves at /psp-stand-in/ (docs/product/payments.md), where nothing is really paid.
   */
  mollieApiKey: string | null;
  /** Writes to the public API a minute per address from callers without a session (plugins/anonymous-writes.ts). */
  anonymousWritesPerMinute: number;
  /** Who issues the invoices: the legal name, address and VAT number every invoice names. */
  supplier: Supplier;
  /** The product's name, the operator's legal name (CREDITOR_NAME) and customer service (contract/operator.ts). */
  operator: OperatorDetails;
};

/** The operator as an invoice must name it (docs/product/invoices.md "The invoice document"). */
export type Supplier = { legalName: string; address: string; vatNumber: string };

/** The demo operator's account (a made-up Belgian account of a made-up company), until configured otherwise. */
export const DEFAULT_CREDITOR: CreditorDto = {
  name: 'Mega Mobile SA',
  iban: 'BE68001776655434',
  bic: 'GEBABEBB',
  identifier: 'BE51ZZZ0876543270',
};

/** The demo operator as it invoices (a made-up company; its VAT number's check digits hold). */
export const DEFAULT_SUPPLIER: Supplier = {
  legalName: 'Mega Mobile SA',
  address: 'Boulevard du Roi Albert II 27, 1030 Bruxelles, Belgique',
  vatNumber: 'BE0876543270',
};

/**
 * A VAT number as printed on invoices: the country code and the number, spaces and dots left out. A Belgian one is
 * BE, then 0 or 1 and 9 digits whose last two are 97 minus the first eight modulo 97.
 */
const vatNumber = z
  .string()
  .transform((value) => value.replace(/[\s.]/g, '').toUpperCase())
  .refine((value) => {
    if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value)) return false;
    if (!value.startsWith('BE')) return true;
    const digits = value.slice(2);
    return /^[01]\d{9}$/.test(digits) && 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
  }, 'expected a VAT number such as BE0876543270 (a Belgian one with its check digits)');

/** dist/ next to server/ (and next to dist-server/ once compiled: both sit at the top of the project). */
const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

export const DEFAULT_MAIL_FROM = `${defaultOperator.productName} <no-reply@localhost>`;

/** An unset variable and an empty one mean the same: the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const flag = z.enum(['1', '0', 'true', 'false'], { error: 'expected 1, 0, true or false' }).transform((v) => v === '1' || v === 'true');

const hostname = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const urlWithProtocols = (protocols: string[], expected: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, expected);

const isProxyAddress = (entry: string): boolean => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
};

export const TRUST_PROXY_TRUE_REFUSED =
  'refused: "true" believes any X-Forwarded-For a client writes; name the number of proxies in front of the server (1 for one reverse proxy) or their IP addresses or CIDR ranges';

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim();
  if (text.toLowerCase() === 'true') {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_REFUSED });
    return z.NEVER;
  }
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'expected false, a number of proxy hops, or comma-separated proxy IP addresses or CIDR ranges',
  });
  return z.NEVER;
});

/** A value the contract's schema accepts, as that schema stores it; otherwise one message saying what is expected. */
const validWith = (schema: z.ZodType<string, string>, expected: string) =>
  z
    .string()
    .refine((value) => schema.safeParse(value).success, expected)
    .transform((value) => schema.parse(value));

const PORT_EXPECTED = 'expected a port number between 1 and 65535';
const SECONDS_EXPECTED = 'expected a number of seconds between 0 and 600';
const POOL_EXPECTED = 'expected a number of connections between 1 and 200';
const WRITES_EXPECTED = 'expected a whole number of requests between 1 and 100000';
const OFFSET_EXPECTED = 'expected a whole number of milliseconds';

const MODE_EXPECTED = 'expected on or off';

const isLoopbackUrl = (url: string): boolean => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
};

/** DEMO as set, or its default: on with the embedded SQLite database, off with a PostgreSQL one (an operator's). */
const demoOf = (e: { DEMO?: 'on' | 'off' | undefined; DATABASE_URL?: string | undefined }): boolean =>
  (e.DEMO ?? (e.DATABASE_URL ? 'off' : 'on')) === 'on';

const envSchema = z
  .object({
    DEMO: optional(z.enum(['on', 'off'], { error: MODE_EXPECTED })),
    BEHIND_TLS_PROXY: optional(flag).default(false),
    PORT: optional(z.coerce.number({ error: PORT_EXPECTED }).int(PORT_EXPECTED).min(1, PORT_EXPECTED).max(65_535, PORT_EXPECTED)).default(
      8080,
    ),
    HOST: optional(z.string().refine((v) => isIP(v) !== 0 || hostname.test(v), 'expected an IP address or a host name')).default('0.0.0.0'),
    DATA_DIR: optional(z.string()).default('./data'),
    DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'expected a postgres:// or postgresql:// URL')),
    DATABASE_POOL_SIZE: optional(
      z.coerce.number({ error: POOL_EXPECTED }).int(POOL_EXPECTED).min(1, POOL_EXPECTED).max(200, POOL_EXPECTED),
    ).default(10),
    DATABASE_STATEMENT_TIMEOUT: optional(
      z.coerce.number({ error: SECONDS_EXPECTED }).positive(SECONDS_EXPECTED).max(600, SECONDS_EXPECTED),
    ).default(15),
    SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'expected an smtp:// or smtps:// URL')),
    MAIL_FROM: optional(z.string()).default(DEFAULT_MAIL_FROM),
    SMS_GATEWAY_DOMAIN: optional(z.string().regex(hostname, 'expected a domain name, such as sms.example.be')),
    PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'expected an http:// or https:// URL')),
    TEST_MODE: optional(flag).default(false),
    TEST_CLOCK_OFFSET: optional(z.coerce.number({ error: OFFSET_EXPECTED }).int(OFFSET_EXPECTED)).default(0),
    DEV_OUTBOX: optional(flag).default(false),
    STATIC_DIR: optional(
      z.string().refine((dir) => existsSync(join(dir, 'index.html')), 'expected a folder with a built app (index.html)'),
    ),
    TRUST_PROXY: optional(trustProxy).default(false),
    LOG_LEVEL: optional(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'expected fatal, error, warn, info, debug, trace or silent',
      }),
    ).default('info'),
    ENERGY_PORTAL_URL: optional(urlWithProtocols(['http:', 'https:'], 'expected an http:// or https:// URL')),
    VAPID_SUBJECT: optional(urlWithProtocols(['mailto:', 'https:'], 'expected a mailto: address or an https:// URL')).default(
      'mailto:no-reply@localhost',
    ),
    DEV_USAGE_FEED: optional(flag).default(false),
    SHUTDOWN_TIMEOUT: optional(z.coerce.number({ error: SECONDS_EXPECTED }).positive(SECONDS_EXPECTED).max(600, SECONDS_EXPECTED)).default(
      10,
    ),
    CREDITOR_NAME: optional(z.string().trim().max(70, 'expected at most 70 characters (the payment QR code holds no more)')).default(
      DEFAULT_CREDITOR.name,
    ),
    CREDITOR_IBAN: optional(validWith(ibanSchema, 'expected a valid IBAN of an EU country')).default(DEFAULT_CREDITOR.iban),
    CREDITOR_BIC: optional(validWith(bicSchema, 'expected a BIC of 8 characters (or 11 ending in XXX) of an EU country')).default(
      DEFAULT_CREDITOR.bic,
    ),
    ANON_WRITES_PER_MINUTE: optional(
      z.coerce.number({ error: WRITES_EXPECTED }).int(WRITES_EXPECTED).min(1, WRITES_EXPECTED).max(100_000, WRITES_EXPECTED),
    ).default(60),
    PRODUCT_NAME: optional(z.string().trim().min(1, 'expected a name').max(40, 'expected at most 40 characters')).default(
      defaultOperator.productName,
    ),
    CUSTOMER_SERVICE_PHONE: optional(
      z
        .string()
        .transform((v) => v.replace(/[\s./-]/g, ''))
        .pipe(z.string().regex(serviceNumberPattern, 'expected a Belgian number in its national form, such as 0800 12 345')),
    ).default(defaultOperator.serviceNumber),
    CREDITOR_ID: optional(
      z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'expected a SEPA creditor identifier, such as BE51ZZZ0876543270'),
    ).default(DEFAULT_CREDITOR.identifier),
    MOLLIE_API_KEY: optional(z.string().regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'expected a Mollie API key, test_… or live_…')),
    SUPPLIER_NAME: optional(z.string().trim().max(100, 'expected at most 100 characters')).default(DEFAULT_SUPPLIER.legalName),
    SUPPLIER_ADDRESS: optional(z.string().trim().max(160, 'expected at most 160 characters')).default(DEFAULT_SUPPLIER.address),
    SUPPLIER_VAT: optional(vatNumber).default(DEFAULT_SUPPLIER.vatNumber),
  })
  // The payment QR code and the mandate name the bank of the account: the BIC must be of the IBAN's country.
  .refine((e) => bicMatchesIban(e.CREDITOR_IBAN, e.CREDITOR_BIC), {
    path: ['CREDITOR_BIC'],
    message: 'expected the BIC of the bank of CREDITOR_IBAN',
  })
  // A moved clock is for the tests' servers only: a server for customers reads the real time.
  .refine((e) => e.TEST_CLOCK_OFFSET === 0 || e.TEST_MODE, {
    path: ['TEST_CLOCK_OFFSET'],
    message: 'expected only with TEST_MODE=1',
  });

type Env = z.infer<typeof envSchema>;

/**
 * What a server for real customers (DEMO=off, not TEST_MODE) must have, and what only the demo may have: checked once
 * every variable is valid on its own (docs/product/operations.md "Demo and production").
 */
const modeIssuesOf = (e: Env): { name: keyof Env; message: string }[] => {
  const issues: { name: keyof Env; message: string }[] = [];
  const demo = demoOf(e);
  // The demo's helpers play other systems: a server for real customers has none of them.
  if (e.DEV_OUTBOX && !demo && !e.TEST_MODE) issues.push({ name: 'DEV_OUTBOX', message: 'expected only with DEMO=on' });
  if (e.DEV_USAGE_FEED && !demo) issues.push({ name: 'DEV_USAGE_FEED', message: 'expected only with DEMO=on' });
  if (demo || e.TEST_MODE) return issues;
  // A server for real customers is reached over HTTPS at its public address: its cookies are Secure and its e-mails
  // link there.
  if (e.PUBLIC_URL === undefined)
    issues.push({
      name: 'PUBLIC_URL',
      message: 'expected with DEMO=off: the https:// address customers open (e-mail links, Secure cookies)',
    });
  else if (isLoopbackUrl(e.PUBLIC_URL))
    issues.push({ name: 'PUBLIC_URL', message: 'expected the address customers open with DEMO=off, not this machine (localhost)' });
  else if (!e.PUBLIC_URL.startsWith('https:') && !e.BEHIND_TLS_PROXY)
    issues.push({
      name: 'PUBLIC_URL',
      message: 'expected an https:// address with DEMO=off (or BEHIND_TLS_PROXY=1 when a proxy in front terminates TLS)',
    });
  return issues;
};

/** The variables the server reads; everything else in the environment is ignored. */
export const configVariables = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

// Credentials: the database URL may carry a password.
const SECRET_VARIABLES = new Set<string>(['SMTP_URL', 'DATABASE_URL', 'MOLLIE_API_KEY']);

/** A configuration that cannot run; `message` names every variable at fault and what it expects. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration from an environment (process.env in server/main.ts). */
export const loadConfig = (env: Record<string, string | undefined>): ServerConfig => {
  const picked = Object.fromEntries(configVariables.map((name) => [name, env[name]]));
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      // The SMTP and database URLs and the Mollie key carry credentials: never echo them into a log.
      const shown = SECRET_VARIABLES.has(name) ? '(value hidden)' : JSON.stringify(env[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const modeIssues = modeIssuesOf(e);
  if (modeIssues.length > 0) {
    const lines = modeIssues.map(({ name, message }) => `  ${name}=${JSON.stringify(env[name] ?? '')}: ${message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  const defaultStatic = existsSync(join(DEFAULT_STATIC_DIR, 'index.html')) ? DEFAULT_STATIC_DIR : null;
  return {
    demo: demoOf(e),
    behindTlsProxy: e.BEHIND_TLS_PROXY,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT * 1000),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    smsGatewayDomain: e.SMS_GATEWAY_DOMAIN ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    testMode: e.TEST_MODE,
    clockOffsetMs: e.TEST_CLOCK_OFFSET,
    devOutbox: e.DEV_OUTBOX,
    staticDir: e.STATIC_DIR ? resolve(e.STATIC_DIR) : defaultStatic,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT * 1000),
    energyPortalUrl: e.ENERGY_PORTAL_URL ? e.ENERGY_PORTAL_URL.replace(/\/*$/, '/') : null,
    vapidSubject: e.VAPID_SUBJECT,
    devUsageFeed: e.DEV_USAGE_FEED,
    creditor: { name: e.CREDITOR_NAME, iban: e.CREDITOR_IBAN, bic: e.CREDITOR_BIC, identifier: e.CREDITOR_ID },
    mollieApiKey: e.MOLLIE_API_KEY ?? null,
    anonymousWritesPerMinute: e.ANON_WRITES_PER_MINUTE,
    supplier: { legalName: e.SUPPLIER_NAME, address: e.SUPPLIER_ADDRESS, vatNumber: e.SUPPLIER_VAT },
    operator: { productName: e.PRODUCT_NAME, legalName: e.CREDITOR_NAME, serviceNumber: e.CUSTOMER_SERVICE_PHONE },
  };
};
