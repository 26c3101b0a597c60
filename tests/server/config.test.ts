import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, configVariables, DEFAULT_CREDITOR, DEFAULT_MAIL_FROM, loadConfig } from '#server/config';
import { mailConfigOf } from '#server/lib/mailer';

const built = mkdtempSync(join(tmpdir(), 'config-static-'));
writeFileSync(join(built, 'index.html'), '<!doctype html>');
const empty = mkdtempSync(join(tmpdir(), 'config-empty-'));
afterAll(() => {
  rmSync(built, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

const failure = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('server configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      demo: true,
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: null,
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 15_000,
      smtpUrl: null,
      mailFrom: DEFAULT_MAIL_FROM,
      smsGatewayDomain: null,
      publicUrl: 'http://localhost:8080',
      testMode: false,
      devOutbox: false,
      trustProxy: false,
      logLevel: 'info',
      shutdownTimeoutMs: 10_000,
      energyPortalUrl: null,
      vapidSubject: 'mailto:no-reply@localhost',
      devUsageFeed: false,
      mollieApiKey: null,
      anonymousWritesPerMinute: 60,
    });
  });

  it('reads every variable, and treats an empty one as unset', () => {
    const config = loadConfig({
      DEMO: 'on',
      BEHIND_TLS_PROXY: '1',
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/app',
      DATABASE_URL: 'postgres://mobile:secret@db.example.be:5432/mobile',
      DATABASE_POOL_SIZE: '20',
      DATABASE_STATEMENT_TIMEOUT: '30',
      SMTP_URL: 'smtps://user:secret@mail.example.be:465',
      MAIL_FROM: 'Mobile <no-reply@example.be>',
      SMS_GATEWAY_DOMAIN: 'sms.example.be',
      PUBLIC_URL: 'https://mobile.example.be//',
      TEST_MODE: '1',
      TEST_CLOCK_OFFSET: '-86400000',
      DEV_OUTBOX: '1',
      STATIC_DIR: built,
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT: '2.5',
      ENERGY_PORTAL_URL: 'https://energie.example.be/portal',
      VAPID_SUBJECT: 'https://mobile.example.be/contact',
      DEV_USAGE_FEED: '1',
      CREDITOR_NAME: 'Autre Opérateur SA',
      CREDITOR_IBAN: 'be68 5390 0754 7034',
      CREDITOR_BIC: 'BBRUBEBBXXX',
      CREDITOR_ID: 'BE51ZZZ0876543270',
      MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      ANON_WRITES_PER_MINUTE: '300',
      SUPPLIER_NAME: 'Autre Opérateur SA',
      SUPPLIER_ADDRESS: 'Rue Neuve 1, 1000 Bruxelles',
      SUPPLIER_VAT: 'be 0403.170.701',
      PRODUCT_NAME: 'Mobi',
      CUSTOMER_SERVICE_PHONE: '02 123 45 67',
      UNRELATED: 'ignored',
    });
    expect(config).toEqual({
      demo: true,
      behindTlsProxy: true,
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/var/lib/app',
      databaseUrl: 'postgres://mobile:secret@db.example.be:5432/mobile',
      databasePoolSize: 20,
      databaseStatementTimeoutMs: 30_000,
      smtpUrl: 'smtps://user:secret@mail.example.be:465',
      mailFrom: 'Mobile <no-reply@example.be>',
      smsGatewayDomain: 'sms.example.be',
      publicUrl: 'https://mobile.example.be',
      testMode: true,
      clockOffsetMs: -86_400_000,
      devOutbox: true,
      staticDir: built,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
      shutdownTimeoutMs: 2500,
      energyPortalUrl: 'https://energie.example.be/portal/',
      vapidSubject: 'https://mobile.example.be/contact',
      devUsageFeed: true,
      // Stored as the payment QR code and the validators write them.
      creditor: { name: 'Autre Opérateur SA', iban: 'BE68539007547034', bic: 'BBRUBEBB', identifier: 'BE51ZZZ0876543270' },
      mollieApiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      anonymousWritesPerMinute: 300,
      // The VAT number as invoices print it.
      supplier: { legalName: 'Autre Opérateur SA', address: 'Rue Neuve 1, 1000 Bruxelles', vatNumber: 'BE0403170701' },
      operator: { productName: 'Mobi', legalName: 'Autre Opérateur SA', serviceNumber: '021234567' },
    });
    expect(loadConfig({ PORT: '', SMTP_URL: ' ', TEST_MODE: '' })).toMatchObject({ port: 8080, smtpUrl: null, testMode: false });
    expect(loadConfig({}).creditor).toEqual(DEFAULT_CREDITOR);
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  describe('DEMO: the demo or a server for real customers (docs/product/operations.md "Demo and production")', () => {
    const production = { DATABASE_URL: 'postgres://mobile@db.example.be/mobile', PUBLIC_URL: 'https://mobile.example.be' };

    it('is on with the embedded database and off with DATABASE_URL, unless set', () => {
      expect(loadConfig({}).demo).toBe(true);
      expect(loadConfig({ DEMO: 'off', PUBLIC_URL: 'https://mobile.example.be' }).demo).toBe(false);
      expect(loadConfig(production).demo).toBe(false);
      expect(loadConfig({ ...production, DEMO: 'on' }).demo).toBe(true);
      expect(failure({ DEMO: 'yes' })).toContain('DEMO="yes": expected on or off');
    });

    it.each([
      [{}, 'PUBLIC_URL="": expected with DEMO=off: the https:// address customers open'],
      [{ PUBLIC_URL: 'http://mobile.example.be' }, 'PUBLIC_URL="http://mobile.example.be": expected an https:// address with DEMO=off'],
      [{ PUBLIC_URL: 'https://localhost:8443' }, 'PUBLIC_URL="https://localhost:8443": expected the address customers open with DEMO=off'],
      [{ PUBLIC_URL: 'https://127.0.0.1' }, 'expected the address customers open with DEMO=off, not this machine'],
      [{ ...production, DEV_OUTBOX: '1' }, 'DEV_OUTBOX="1": expected only with DEMO=on'],
      [{ ...production, DEV_USAGE_FEED: '1' }, 'DEV_USAGE_FEED="1": expected only with DEMO=on'],
    ])('refuses a production start with %j', (env, message) => {
      expect(failure({ DEMO: 'off', ...env })).toContain(message);
    });

    it('takes a plain-HTTP public address only behind a TLS proxy, and keeps http://localhost for the demo and the tests', () => {
      expect(loadConfig({ DEMO: 'off', PUBLIC_URL: 'http://mobile.example.be', BEHIND_TLS_PROXY: '1' }).publicUrl).toBe(
        'http://mobile.example.be',
      );
      expect(loadConfig({ DEMO: 'on' }).publicUrl).toBe('http://localhost:8080');
      expect(loadConfig({ DEMO: 'off', TEST_MODE: '1' }).publicUrl).toBe('http://localhost:8080');
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['2', 2],
    ['::1', ['::1']],
    ['192.168.1.0/24,10.1.2.3', ['192.168.1.0/24', '10.1.2.3']],
  ])('TRUST_PROXY=%s → %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['TEST_MODE', '1', true],
    ['TEST_MODE', 'true', true],
    ['TEST_MODE', '0', false],
    ['TEST_MODE', 'false', false],
  ])('%s=%s → %s', (name, value, expected) => {
    expect(loadConfig({ [name]: value }).testMode).toBe(expected);
  });

  it.each([
    ['PORT', 'abc', 'expected a port number between 1 and 65535'],
    ['PORT', '0', 'expected a port number between 1 and 65535'],
    ['PORT', '70000', 'expected a port number between 1 and 65535'],
    ['PORT', '80.5', 'expected a port number between 1 and 65535'],
    ['HOST', 'not a host!', 'expected an IP address or a host name'],
    ['SMTP_URL', 'http://mail.example.be', 'expected an smtp:// or smtps:// URL'],
    ['DATABASE_URL', 'mysql://db.example.be/mobile', 'expected a postgres:// or postgresql:// URL'],
    ['DATABASE_POOL_SIZE', '0', 'expected a number of connections between 1 and 200'],
    ['DATABASE_STATEMENT_TIMEOUT', '0', 'expected a number of seconds'],
    ['SMS_GATEWAY_DOMAIN', 'sms gateway', 'expected a domain name'],
    ['PUBLIC_URL', 'mobile.example.be', 'expected an http:// or https:// URL'],
    ['TEST_MODE', 'yes', 'expected 1, 0, true or false'],
    ['STATIC_DIR', empty, 'expected a folder with a built app (index.html)'],
    ['TRUST_PROXY', 'proxy.example.be', 'expected false, a number of proxy hops'],
    ['TRUST_PROXY', '10.0.0.0/33', 'expected false, a number of proxy hops'],
    ['TRUST_PROXY', 'true', 'refused: "true" believes any X-Forwarded-For a client writes; name the number of proxies'],
    ['TRUST_PROXY', 'TRUE', 'refused: "true" believes any X-Forwarded-For'],
    ['LOG_LEVEL', 'verbose', 'expected fatal, error, warn, info, debug, trace or silent'],
    ['SHUTDOWN_TIMEOUT', '-1', 'expected a number of seconds'],
    ['SUPPLIER_VAT', 'BE0876543271', 'expected a VAT number such as BE0876543270'],
    ['SUPPLIER_VAT', '0876543270', 'expected a VAT number such as BE0876543270'],
    ['ENERGY_PORTAL_URL', 'javascript:alert(1)', 'expected an http:// or https:// URL'],
    ['VAPID_SUBJECT', 'http://mobile.example.be', 'expected a mailto: address or an https:// URL'],
    ['DEV_USAGE_FEED', 'sometimes', 'expected 1, 0, true or false'],
    ['CREDITOR_NAME', 'x'.repeat(71), 'expected at most 70 characters'],
    ['CREDITOR_IBAN', 'BE41539007547035', 'expected a valid IBAN of an EU country'],
    ['CREDITOR_BIC', 'GEBABEB', 'expected a BIC of 8 characters'],
    ['CREDITOR_BIC', 'ABNANL2A', 'expected the BIC of the bank of CREDITOR_IBAN'],
    ['CREDITOR_ID', 'creditor', 'expected a SEPA creditor identifier'],
    ['MOLLIE_API_KEY', 'sk_live_123', 'expected a Mollie API key'],
    ['ANON_WRITES_PER_MINUTE', '0', 'expected a whole number of requests between 1 and 100000'],
    ['ANON_WRITES_PER_MINUTE', 'many', 'expected a whole number of requests between 1 and 100000'],
  ])('refuses %s=%s with a message naming it', (name, value, expected) => {
    const message = failure({ [name]: value });
    expect(message).toContain(`${name}=`);
    expect(message).toContain(expected);
    expect(message.split('\n')).toHaveLength(2);
  });

  it('never prints the Mollie API key', () => {
    const message = failure({ MOLLIE_API_KEY: 'live_short' });
    expect(message).toContain('MOLLIE_API_KEY=(value hidden): expected a Mollie API key');
    expect(message).not.toContain('live_short');
  });

  it('lists every wrong variable in one message, and never prints the SMTP or database URL', () => {
    const message = failure({ PORT: 'x', SMTP_URL: 'ftp://user:secret@host', DATABASE_URL: 'mysql://db:secret@host/x', LOG_LEVEL: 'loud' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration (see .env.example):',
      '  PORT="x": expected a port number between 1 and 65535',
      '  DATABASE_URL=(value hidden): expected a postgres:// or postgresql:// URL',
      '  SMTP_URL=(value hidden): expected an smtp:// or smtps:// URL',
      '  LOG_LEVEL="loud": expected fatal, error, warn, info, debug, trace or silent',
    ]);
    expect(message).not.toContain('secret');
  });

  it('gives the mailer its settings', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://relay:25', SMS_GATEWAY_DOMAIN: 'sms.example.be', PUBLIC_URL: 'https://m.example.be' });
    expect(mailConfigOf(config)).toEqual({
      smtpUrl: 'smtp://relay:25',
      from: DEFAULT_MAIL_FROM,
      smsGatewayDomain: 'sms.example.be',
      publicUrl: 'https://m.example.be',
      devOutbox: false,
      operator: { productName: 'MyMega', legalName: 'Mega Mobile SA', serviceNumber: '080012345' },
    });
  });

  it('moves the clock only in test mode, by a whole number of milliseconds', () => {
    expect(() => loadConfig({ TEST_CLOCK_OFFSET: '3600000' })).toThrow(/TEST_CLOCK_OFFSET="3600000": expected only with TEST_MODE=1/);
    expect(() => loadConfig({ TEST_MODE: '1', TEST_CLOCK_OFFSET: 'an hour' })).toThrow(/TEST_CLOCK_OFFSET=.*whole number of milliseconds/);
    expect(loadConfig({ TEST_MODE: '1', TEST_CLOCK_OFFSET: '-3600000' }).clockOffsetMs).toBe(-3_600_000);
    expect(loadConfig({}).clockOffsetMs).toBe(0);
  });

  it.each(['+32 800 12 345', '0800', 'call us', '0800123456789'])('refuses CUSTOMER_SERVICE_PHONE=%j, naming it', (value) => {
    expect(() => loadConfig({ CUSTOMER_SERVICE_PHONE: value })).toThrow(/CUSTOMER_SERVICE_PHONE=.*national form/);
  });

  it('is documented: every variable is in .env.example and in the README', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const name of configVariables) {
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      expect(readme, name).toContain(`| \`${name}\``);
    }
  });
});
