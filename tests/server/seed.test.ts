import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, openDatabase, type Db } from '../../server/db/database.ts';
import { createPrng, mulberry32 } from '../../server/db/prng.ts';
import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { isValidStructuredCommunication, structuredCommunication } from '#contract/structured-communication';
import { SIM_SALES } from '../../server/db/demo/activation.ts';
import { cycleStartMs } from '../../server/db/demo/calendar.ts';
import { PEOPLE } from '../../server/db/demo/customers.ts';
import { DEMO_ACTIVATION_CODE, DEMO_IDS, DEMO_PASSWORD } from '../../server/db/demo/ids.ts';
import { hashPassword, hashPasswordAsync, verifyPasswordAsync } from '../../server/lib/password.ts';

// Seeding 200k usage rows takes about a second; one shared database keeps the file fast.
const SLOW = 30_000;
const NOW = new Date('2026-11-22T06:33:00.000Z');
const MB = 1024 * 1024;

/** Hash of a table's rows in primary-key order, leaving out salted columns that differ by design. */
function tableChecksum(db: Db, table: string, columns: string, orderBy: string): string {
  const hash = createHash('sha256');
  for (const row of db.prepare(`SELECT ${columns} FROM ${table} ORDER BY ${orderBy}`).raw().iterate()) {
    hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

const CHECKED_TABLES: [table: string, columns: string, orderBy: string][] = [
  ['customers', '*', 'id'],
  ['users', 'id, guid, customer_id, scope, role, email, msisdn, language, created_at', 'id'],
  ['contacts', '*', 'id'],
  ['contracts', '*', 'id'],
  ['products', '*', 'id'],
  ['invoices', '*', 'id'],
  ['invoice_lines', '*', 'id'],
  ['subscription_periods', '*', 'id'],
  ['billed_cycles', '*', 'contract_id, period_start'],
  ['usage_records', '*', 'id'],
  ['safeguards', '*', 'contract_id, type'],
  ['contract_settings', '*', 'contract_id'],
  ['orders', '*', 'id'],
  ['order_lines', '*', 'id'],
  ['faq', '*', 'id'],
];

/** Data bundle of a contract in bytes: base product plus active data options × count (0 = unlimited). */
function dataLimitBytes(db: Db, contractId: number): number {
  const row = db
    .prepare<[number, number], { limitMb: number }>(
      `
    SELECT p.data_limit_mb + COALESCE((
      SELECT SUM(o.data_limit_mb * co.count) FROM contract_options co JOIN products o ON o.id = co.option_id
      WHERE co.contract_id = ?), 0) AS limitMb
    FROM contracts c JOIN products p ON p.id = c.product_id WHERE c.id = ?`,
    )
    .get(contractId, contractId);
  return (row?.limitMb ?? 0) * MB;
}

function currentCycleDataShare(db: Db, contractId: number, now: Date): number {
  const startDay =
    db
      .prepare<[number], { startDay: number }>(
        'SELECT b.start_day AS startDay FROM contracts c JOIN bill_cycles b ON b.id = c.bill_cycle_id WHERE c.id = ?',
      )
      .get(contractId)?.startDay ?? 1;
  const from = cycleStartMs(now, startDay);
  const used =
    db
      .prepare<[number, number, number], { used: number }>(
        `SELECT COALESCE(SUM(service_used), 0) AS used
    FROM usage_records WHERE contract_id = ? AND service_cat = 'data' AND is_oob = 0 AND event_time BETWEEN ? AND ?`,
      )
      .get(contractId, from, now.getTime())?.used ?? 0;
  return used / dataLimitBytes(db, contractId);
}

let db: Db;

beforeAll(() => {
  db = openDatabase(':memory:', { now: NOW });
}, SLOW);

afterAll(() => {
  db.close();
});

describe('prng', () => {
  it('repeats the same stream for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(createPrng(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('bill cycles of the demo (the contract rule on the UTC calendar)', () => {
  it.each([
    ['2026-11-22T06:33:00Z', 5, '2026-11-05', '2026-12-04'],
    ['2026-11-05T00:00:00Z', 5, '2026-11-05', '2026-12-04'],
    ['2026-11-04T23:59:59Z', 5, '2026-10-05', '2026-11-04'],
    ['2026-01-03T10:00:00Z', 5, '2025-12-05', '2026-01-04'],
    ['2026-03-01T00:00:00Z', 31, '2026-02-28', '2026-03-30'],
  ])('now %s, start day %i → %s … %s', (now, startDay, start, end) => {
    const cycle = cycleDates(monthlyCycle(startDay), now.slice(0, 10));
    expect(cycle.start).toBe(start);
    expect(cycle.end).toBe(end);
    expect(new Date(cycleStartMs(new Date(now), startDay)).toISOString()).toBe(`${start}T00:00:00.000Z`);
  });
});

describe('password hashing', () => {
  it('verifies the right password only and rejects malformed hashes', async () => {
    for (const stored of [hashPassword('Secret!1'), await hashPasswordAsync('Secret!1')]) {
      expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(await verifyPasswordAsync('Secret!1', stored)).toBe(true);
      expect(await verifyPasswordAsync('secret!1', stored)).toBe(false);
      expect(await verifyPasswordAsync('Secret!1', 'scrypt$bad')).toBe(false);
      expect(await verifyPasswordAsync('Secret!1', stored.replace('$16384$', '$999999999$'))).toBe(false);
      expect(await hashPasswordAsync('Secret!1')).not.toBe(stored);
    }
  });
});

describe('demo seed', () => {
  it(
    'is deterministic for the same now',
    () => {
      const other = openDatabase(':memory:', { now: NOW });
      try {
        for (const [table, columns, orderBy] of CHECKED_TABLES) {
          expect(tableChecksum(other, table, columns, orderBy), table).toBe(tableChecksum(db, table, columns, orderBy));
        }
      } finally {
        other.close();
      }
    },
    SLOW,
  );

  it('gives every user the demo password, and the new order its activation code', async () => {
    const users = db.prepare<[], { email: string | null; password_hash: string }>('SELECT email, password_hash FROM users').all();
    expect(users).toHaveLength(7);
    for (const user of users) {
      expect(await verifyPasswordAsync(DEMO_PASSWORD, user.password_hash), user.email ?? '').toBe(true);
      expect(await verifyPasswordAsync('Demo!2025', user.password_hash)).toBe(false);
    }
    const code = db
      .prepare<[], { code_hash: string; contract_id: number }>(
        "SELECT code_hash, contract_id FROM activation_codes WHERE order_ref = 'O-0000000001'",
      )
      .get();
    expect(code && (await verifyPasswordAsync(DEMO_ACTIVATION_CODE, code.code_hash))).toBe(true);
    const contract = db
      .prepare<[number], { status: string; sub_status: string; identification_status: string; fraud_status: string; is_complete: number }>(
        'SELECT c.status, c.sub_status, c.identification_status, c.fraud_status, cu.is_complete FROM contracts c JOIN customers cu ON cu.id = c.customer_id WHERE c.id = ?',
      )
      .get(code?.contract_id ?? 0);
    expect(contract).toEqual({
      status: 'IN_DELIVERY',
      sub_status: 'SIM_SENT',
      identification_status: 'OK',
      fraud_status: 'OK',
      is_complete: 0,
    });
  });

  it.each([NOW, new Date('2026-11-05T00:00:00Z'), new Date('2026-11-05T08:00:00Z'), new Date('2027-02-28T23:00:00Z')])(
    "puts Sophie's current-cycle data use between 80 % and 84 % (now %s)",
    (now) => {
      const seeded = now === NOW ? db : openDatabase(':memory:', { now });
      try {
        expect(dataLimitBytes(seeded, DEMO_IDS.contracts.sophieMain)).toBe(20480 * MB);
        const share = currentCycleDataShare(seeded, DEMO_IDS.contracts.sophieMain, now);
        expect(share).toBeGreaterThanOrEqual(0.8);
        expect(share).toBeLessThanOrEqual(0.84);
        const future = seeded
          .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM usage_records WHERE event_time > ?')
          .get(now.getTime());
        expect(future?.n).toBe(0);
      } finally {
        if (seeded !== db) seeded.close();
      }
    },
    SLOW,
  );

  it('gives Sophie a few hundred records over 6 cycles, paid direct-debit invoices and one pending', () => {
    const records = db
      .prepare<[number], { n: number; oob: number }>(
        'SELECT COUNT(*) AS n, SUM(CASE WHEN is_oob = 1 AND resource_impact > 0 THEN 1 ELSE 0 END) AS oob FROM usage_records WHERE contract_id = ?',
      )
      .get(DEMO_IDS.contracts.sophieMain);
    expect(records?.n).toBeGreaterThanOrEqual(300);
    expect(records?.oob).toBeGreaterThan(0);
    const invoices = db
      .prepare<[number], { paid: number; payment_mode: string; due_date: string }>(
        'SELECT paid, payment_mode, due_date FROM invoices WHERE customer_id = ?',
      )
      .all(DEMO_IDS.customers.sophie);
    expect(invoices.filter((invoice) => invoice.paid === 1)).toHaveLength(6);
    expect(invoices.every((invoice) => invoice.payment_mode === 'DD')).toBe(true);
    // The one still to be collected is due in the future: a direct debit pending, whatever the day of the seed.
    const open = invoices.filter((invoice) => invoice.paid === 0);
    expect(open).toHaveLength(1);
    expect(Date.parse(open[0]?.due_date ?? '')).toBeGreaterThan(NOW.getTime());
  });

  it('gives Yasmine at least 200,000 records, roaming data and calls included', () => {
    const rows = db
      .prepare<[number], { service_cat: string; destination: string; n: number }>(
        'SELECT service_cat, destination, COUNT(*) AS n FROM usage_records WHERE contract_id = ? GROUP BY service_cat, destination',
      )
      .all(DEMO_IDS.contracts.yasmine);
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(200_000);
    expect(rows.some((row) => row.service_cat === 'data' && row.destination === 'roaming')).toBe(true);
    expect(rows.some((row) => row.service_cat === 'call' && row.destination === 'roaming')).toBe(true);
  });

  it('puts Marc in debt: his last invoice open, the one before overdue and partly paid, and out-of-bundle credit over his limit', () => {
    const open = db
      .prepare<[number], { due_date: string; payment_mode: string; partial_paid_cents: number; total_incl_vat_cents: number }>(
        'SELECT due_date, payment_mode, partial_paid_cents, total_incl_vat_cents FROM invoices WHERE customer_id = ? AND paid = 0 ORDER BY due_date',
      )
      .all(DEMO_IDS.customers.marc);
    expect(open).toHaveLength(2);
    expect(open.every((invoice) => invoice.payment_mode === 'BT')).toBe(true);
    // A partial payment received on the overdue one, and more still owed.
    expect(open[0]?.partial_paid_cents).toBe(1500);
    expect(open[0]?.total_incl_vat_cents).toBeGreaterThan(1500);
    expect(Date.parse(open[0]?.due_date ?? '')).toBeLessThanOrEqual(NOW.getTime() - 10 * 86_400_000);
    expect(open[1]?.partial_paid_cents).toBe(0);
    const osg = db
      .prepare<[number], { current_cents: number; overspent_credit_cents: number }>(
        "SELECT current_cents, overspent_credit_cents FROM safeguards WHERE contract_id = ? AND type = 'OSG'",
      )
      .get(DEMO_IDS.contracts.marc);
    expect(osg?.overspent_credit_cents).toBeGreaterThanOrEqual(osg?.current_cents ?? Infinity);
  });

  it('covers every order status and initiator type on contract 0470000005, with a pending option line', () => {
    const lines = db
      .prepare<[string], { status: string; initiator_type: string; order_type: string }>(
        `SELECT l.status, o.initiator_type, l.order_type
      FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN contracts c ON c.id = o.contract_id WHERE c.msisdn = ?`,
      )
      .all('0470000005');
    expect(new Set(lines.map((line) => line.status))).toEqual(new Set(['CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS']));
    expect(new Set(lines.map((line) => line.initiator_type))).toEqual(new Set(['U', 'O', 'A', 'C', 'S']));
    expect(lines.some((line) => line.order_type === 'option' && line.status === 'PENDING')).toBe(true);
  });

  it('writes valid structured communications, full catalogues and FAQ in three languages', () => {
    expect(isValidStructuredCommunication(structuredCommunication(1234567890))).toBe(true);
    expect(isValidStructuredCommunication('+++123/4567/89000+++')).toBe(false);
    const communications = db.prepare<[], { structured_communication: string }>('SELECT structured_communication FROM invoices').all();
    expect(communications.every((row) => isValidStructuredCommunication(row.structured_communication))).toBe(true);
    const faq = db.prepare<[], { lang: string; n: number }>('SELECT lang, COUNT(*) AS n FROM faq GROUP BY lang ORDER BY lang').all();
    expect(faq).toEqual([
      { lang: 'en', n: 16 },
      { lang: 'fr', n: 16 },
      { lang: 'nl', n: 16 },
    ]);
    const notifications = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM notification_settings').get();
    const contracts = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM contracts').get();
    expect(notifications?.n).toBe((contracts?.n ?? 0) * 15);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });
});

describe('migrations', () => {
  it(
    'are idempotent: reopening a file database neither fails nor reseeds',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
      const file = join(dir, 'api.sqlite');
      try {
        const first = openDatabase(file, { now: NOW });
        expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
        // A runtime change must survive the reopen: a reseed would have to fail or wipe it.
        first.prepare("UPDATE customers SET promo = 'KEPT' WHERE id = ?").run(DEMO_IDS.customers.sophie);
        const before = tableChecksum(first, 'usage_records', 'id, event_time', 'id');
        first.close();

        const second = openDatabase(file, { now: new Date('2027-01-01T00:00:00Z') });
        try {
          expect(applyMigrations(second)).toEqual([]);
          // Every migration file, once each (the list grows with the issues).
          const files = readdirSync(new URL('../../server/db/migrations/', import.meta.url))
            .filter((name) => name.endsWith('.sql'))
            .map((name) => name.replace(/\.sql$/, ''))
            .sort();
          expect(second.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(files);
          expect(second.prepare('SELECT promo FROM customers WHERE id = ?').pluck().get(DEMO_IDS.customers.sophie)).toBe('KEPT');
          expect(second.prepare('SELECT COUNT(*) FROM customers').pluck().get()).toBe(PEOPLE.length + SIM_SALES.length);
          expect(tableChecksum(second, 'usage_records', 'id, event_time', 'id')).toBe(before);
        } finally {
          second.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
