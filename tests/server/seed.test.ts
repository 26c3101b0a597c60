import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { openDemoDatabase } from '../../server/demo/index.ts';
import { appliedMigrations, applyMigrations } from '../../server/db/migrate.ts';
import { closeTestDatabase, openTestDatabase, sqlRow, sqlRows, testEngine, urlOfTestDatabase } from './test-database.ts';
import { createPrng, mulberry32 } from '../../server/demo/prng.ts';
import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { isValidStructuredCommunication, structuredCommunication } from '#contract/structured-communication';
import { SIM_SALES } from '../../server/demo/data/activation.ts';
import { STATE_PEOPLE, STATE_SIM_SALES } from '../../server/demo/data/states.ts';
import { localDate } from '#contract/calendar';
import { cycleStartMs } from '../../server/demo/data/calendar.ts';
import { USAGE_PLANS } from '../../server/demo/data/usage.ts';
import { usageWindow } from '../../server/demo/usage-generator.ts';
import { PEOPLE } from '../../server/demo/data/customers.ts';
import { DEMO_ACTIVATION_CODE, DEMO_IDS, DEMO_PASSWORD } from '../../server/demo/data/ids.ts';
import { hashPassword, hashPasswordAsync, verifyPasswordAsync } from '../../server/lib/password.ts';

// Seeding 200k usage rows takes about a second; one shared database keeps the file fast.
const SLOW = 120_000;
const NOW = new Date('2026-11-22T06:33:00.000Z');
const MB = 1024 * 1024;

/** Hash of a table's rows in primary-key order, leaving out salted columns that differ by design. */
async function tableChecksum(db: Db, table: string, columns: string, orderBy: string): Promise<string> {
  const hash = createHash('sha256');
  for (const row of await sqlRows<Record<string, unknown>>(db, `SELECT ${columns} FROM ${table} ORDER BY ${orderBy}`)) {
    hash.update(JSON.stringify(Object.values(row)));
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
async function dataLimitBytes(db: Db, contractId: number): Promise<number> {
  const row = await sqlRow<{ limit_mb: number }>(
    db,
    `SELECT p.data_limit_mb + COALESCE((
       SELECT SUM(o.data_limit_mb * co.count) FROM contract_options co JOIN products o ON o.id = co.option_id
       WHERE co.contract_id = ?), 0) AS limit_mb
     FROM contracts c JOIN products p ON p.id = c.product_id WHERE c.id = ?`,
    contractId,
    contractId,
  );
  return Number(row.limit_mb) * MB;
}

async function currentCycleDataShare(db: Db, contractId: number, now: Date): Promise<number> {
  const { start_day: startDay } = await sqlRow<{ start_day: number }>(
    db,
    'SELECT b.start_day FROM contracts c JOIN bill_cycles b ON b.id = c.bill_cycle_id WHERE c.id = ?',
    contractId,
  );
  const from = cycleStartMs(now, startDay);
  const { used } = await sqlRow<{ used: number }>(
    db,
    `SELECT COALESCE(SUM(service_used), 0) AS used
     FROM usage_records WHERE contract_id = ? AND service_cat = 'data' AND is_oob = 0 AND event_time BETWEEN ? AND ?`,
    contractId,
    from,
    now.getTime(),
  );
  return Number(used) / (await dataLimitBytes(db, contractId));
}

let db: Db;

beforeAll(async () => {
  db = await openTestDatabase({ now: NOW });
}, SLOW);

afterAll(async () => {
  await closeTestDatabase(db);
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

describe('bill cycles of the demo (the contract rule on the Brussels calendar)', () => {
  it.each([
    ['2026-11-22T06:33:00Z', 5, '2026-11-05', '2026-12-04', '2026-11-04T23:00:00.000Z'],
    ['2026-11-05T00:00:00Z', 5, '2026-11-05', '2026-12-04', '2026-11-04T23:00:00.000Z'],
    // 23:59:59 on the 4th in Brussels, then its midnight: the 5th begins an hour before UTC's.
    ['2026-11-04T22:59:59Z', 5, '2026-10-05', '2026-11-04', '2026-10-04T22:00:00.000Z'],
    ['2026-11-04T23:00:00Z', 5, '2026-11-05', '2026-12-04', '2026-11-04T23:00:00.000Z'],
    ['2026-01-03T10:00:00Z', 5, '2025-12-05', '2026-01-04', '2025-12-04T23:00:00.000Z'],
    ['2026-03-01T00:00:00Z', 31, '2026-02-28', '2026-03-30', '2026-02-27T23:00:00.000Z'],
    // The local New Year, an hour before UTC's.
    ['2026-12-31T23:30:00Z', 1, '2027-01-01', '2027-01-31', '2026-12-31T23:00:00.000Z'],
    // A cycle whose first day is October's switch to winter time (25 hours): it began in summer time.
    ['2026-10-25T12:00:00Z', 25, '2026-10-25', '2026-11-24', '2026-10-24T22:00:00.000Z'],
  ])('now %s, start day %i → %s … %s, from %s', (now, startDay, start, end, startInstant) => {
    const cycle = cycleDates(monthlyCycle(startDay), localDate(Date.parse(now)));
    expect(cycle.start).toBe(start);
    expect(cycle.end).toBe(end);
    expect(new Date(cycleStartMs(new Date(now), startDay)).toISOString()).toBe(startInstant);
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
    async () => {
      const other = await openTestDatabase({ now: NOW });
      try {
        for (const [table, columns, orderBy] of CHECKED_TABLES) {
          expect(await tableChecksum(other, table, columns, orderBy), table).toBe(await tableChecksum(db, table, columns, orderBy));
        }
      } finally {
        await closeTestDatabase(other);
      }
    },
    SLOW,
  );

  it('gives every user the demo password, and the new order its activation code', async () => {
    const users = await db.selectFrom('users').select(['email', 'password_hash']).execute();
    // The first demo users and those of the states (server/demo/data/states.ts).
    expect(users).toHaveLength(7 + STATE_PEOPLE.length);
    for (const user of users) {
      expect(await verifyPasswordAsync(DEMO_PASSWORD, user.password_hash ?? ''), user.email ?? '').toBe(true);
      expect(await verifyPasswordAsync('Demo!2025', user.password_hash ?? '')).toBe(false);
    }
    const code = await db
      .selectFrom('activation_codes')
      .select(['code_hash', 'contract_id'])
      .where('order_ref', '=', 'O-0000000001')
      .executeTakeFirst();
    expect(code && (await verifyPasswordAsync(DEMO_ACTIVATION_CODE, code.code_hash))).toBe(true);
    const contract = await db
      .selectFrom('contracts as c')
      .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
      .select(['c.status', 'c.sub_status', 'c.identification_status', 'c.fraud_status', 'cu.is_complete'])
      .where('c.id', '=', code?.contract_id ?? 0)
      .executeTakeFirst();
    expect(contract).toEqual({
      status: 'IN_DELIVERY',
      sub_status: 'SIM_SENT',
      identification_status: 'OK',
      fraud_status: 'OK',
      is_complete: 0,
    });
  });

  it.each([NOW, new Date('2026-11-05T00:00:00Z'), new Date('2026-11-05T08:00:00Z'), new Date('2027-02-28T23:00:00Z')])(
    "puts in Sophie's current cycle the part of her pace elapsed, nothing in the future (now %s)",
    async (now) => {
      const seeded = now === NOW ? db : await openTestDatabase({ now });
      try {
        expect(await dataLimitBytes(seeded, DEMO_IDS.contracts.sophieMain)).toBe(20480 * MB);
        const share = await currentCycleDataShare(seeded, DEMO_IDS.contracts.sophieMain, now);
        const plan = USAGE_PLANS.find((p) => p.contractId === DEMO_IDS.contracts.sophieMain);
        if (!plan) throw new Error('no usage plan for Sophie');
        // A cycle's first hours hold a few hours of use, never the 82 % she reaches two thirds into it.
        // (Its records are whole events: in the first hour, none yet.)
        expect(share).toBeCloseTo(plan.currentShare * usageWindow(now, plan, 0).fraction, 1);
        expect(share).toBeLessThanOrEqual(plan.currentShare * usageWindow(now, plan, 0).fraction);
        const future = await seeded.selectFrom('usage_records').select('id').where('event_time', '>', now.getTime()).execute();
        expect(future).toHaveLength(0);
      } finally {
        if (seeded !== db) await closeTestDatabase(seeded);
      }
    },
    SLOW,
  );

  it('gives Sophie a few hundred records over 6 cycles, paid direct-debit invoices and one pending', async () => {
    const records = await sqlRow<{ n: number; oob: number }>(
      db,
      'SELECT COUNT(*) AS n, SUM(CASE WHEN is_oob = 1 AND resource_impact > 0 THEN 1 ELSE 0 END) AS oob FROM usage_records WHERE contract_id = ?',
      DEMO_IDS.contracts.sophieMain,
    );
    expect(records.n).toBeGreaterThanOrEqual(300);
    expect(records.oob).toBeGreaterThan(0);
    const invoices = await db
      .selectFrom('invoices')
      .select(['paid', 'payment_mode', 'due_date'])
      .where('customer_id', '=', DEMO_IDS.customers.sophie)
      .execute();
    expect(invoices.filter((invoice) => invoice.paid === 1)).toHaveLength(6);
    expect(invoices.every((invoice) => invoice.payment_mode === 'DD')).toBe(true);
    // The one still to be collected is due in the future: a direct debit pending, whatever the day of the seed.
    const open = invoices.filter((invoice) => invoice.paid === 0);
    expect(open).toHaveLength(1);
    expect(Date.parse(open[0]?.due_date ?? '')).toBeGreaterThan(NOW.getTime());
  });

  it('gives Yasmine at least 200,000 records, roaming data and calls included', async () => {
    const rows = await db
      .selectFrom('usage_records')
      .select((eb) => ['service_cat', 'destination', eb.fn.countAll<number>().as('n')])
      .where('contract_id', '=', DEMO_IDS.contracts.yasmine)
      .groupBy(['service_cat', 'destination'])
      .execute();
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(200_000);
    expect(rows.some((row) => row.service_cat === 'data' && row.destination === 'roaming')).toBe(true);
    expect(rows.some((row) => row.service_cat === 'call' && row.destination === 'roaming')).toBe(true);
  });

  it('puts Marc in debt: his last invoice open, the one before overdue and partly paid, and out-of-bundle credit over his limit', async () => {
    const open = await db
      .selectFrom('invoices')
      .select(['due_date', 'payment_mode', 'partial_paid_cents', 'total_incl_vat_cents'])
      .where('customer_id', '=', DEMO_IDS.customers.marc)
      .where('paid', '=', 0)
      .orderBy('due_date')
      .execute();
    expect(open).toHaveLength(2);
    expect(open.every((invoice) => invoice.payment_mode === 'BT')).toBe(true);
    // A partial payment received on the overdue one, and more still owed.
    expect(open[0]?.partial_paid_cents).toBe(1500);
    expect(open[0]?.total_incl_vat_cents).toBeGreaterThan(1500);
    expect(Date.parse(open[0]?.due_date ?? '')).toBeLessThanOrEqual(NOW.getTime() - 10 * 86_400_000);
    expect(open[1]?.partial_paid_cents).toBe(0);
    const osg = await db
      .selectFrom('safeguards')
      .select(['current_cents', 'overspent_credit_cents'])
      .where('contract_id', '=', DEMO_IDS.contracts.marc)
      .where('type', '=', 'OSG')
      .executeTakeFirst();
    expect(osg?.overspent_credit_cents).toBeGreaterThanOrEqual(osg?.current_cents ?? Infinity);
  });

  it('covers every order status and initiator type on contract 0470000005, with a pending option line', async () => {
    const lines = await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .innerJoin('contracts as c', 'c.id', 'o.contract_id')
      .select(['l.status', 'o.initiator_type', 'l.order_type'])
      .where('c.msisdn', '=', '0470000005')
      .execute();
    expect(new Set(lines.map((line) => line.status))).toEqual(new Set(['CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS']));
    expect(new Set(lines.map((line) => line.initiator_type))).toEqual(new Set(['U', 'O', 'A', 'C', 'S']));
    expect(lines.some((line) => line.order_type === 'option' && line.status === 'PENDING')).toBe(true);
  });

  it('writes valid structured communications, full catalogues and FAQ in three languages', async () => {
    expect(isValidStructuredCommunication(structuredCommunication(1234567890))).toBe(true);
    expect(isValidStructuredCommunication('+++123/4567/89000+++')).toBe(false);
    const communications = await db.selectFrom('invoices').select('structured_communication').execute();
    expect(communications.every((row) => isValidStructuredCommunication(row.structured_communication))).toBe(true);
    const faq = await db
      .selectFrom('faq')
      .select((eb) => ['lang', eb.fn.countAll<number>().as('n')])
      .groupBy('lang')
      .orderBy('lang')
      .execute();
    expect(faq).toEqual([
      { lang: 'en', n: 16 },
      { lang: 'fr', n: 16 },
      { lang: 'nl', n: 16 },
    ]);
    const notifications = await sqlRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM notification_settings');
    const contracts = await sqlRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM contracts');
    expect(notifications.n).toBe(contracts.n * 15);
    // SQLite checks foreign keys on each statement (foreign_keys = ON) and can list violations; PostgreSQL refuses
    // a violating statement outright, so a seeded database has none by construction.
    if (testEngine() === 'sqlite') expect(await sqlRows(db, 'PRAGMA foreign_key_check')).toEqual([]);
  });
});

describe('migrations', () => {
  it(
    'are idempotent: reopening a database neither fails nor reseeds',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
      // SQLite: a file opened twice; PostgreSQL: a database of the test's own, opened again by its URL.
      const seeded = testEngine() === 'postgres' ? await openTestDatabase({ now: NOW }) : null;
      const location = seeded ? urlOfTestDatabase(seeded) : join(dir, 'api.sqlite');
      try {
        const first = seeded ?? (await openDemoDatabase(location, { now: NOW }));
        if (testEngine() === 'sqlite') {
          expect((await sqlRow<{ journal_mode: string }>(first, 'PRAGMA journal_mode')).journal_mode).toBe('wal');
          expect((await sqlRow<{ foreign_keys: number }>(first, 'PRAGMA foreign_keys')).foreign_keys).toBe(1);
        }
        // A runtime change must survive the reopen: a reseed would have to fail or wipe it.
        await first.updateTable('customers').set({ promo: 'KEPT' }).where('id', '=', DEMO_IDS.customers.sophie).execute();
        const before = await tableChecksum(first, 'usage_records', 'id, event_time', 'id');
        if (!seeded) await closeTestDatabase(first);

        const second = await openDemoDatabase(location, { now: new Date('2027-01-01T00:00:00Z') });
        try {
          expect(await applyMigrations(second)).toEqual([]);
          // Every migration file, once each (the list grows with the issues).
          const files = readdirSync(new URL('../../server/db/migrations/', import.meta.url))
            .filter((name) => /^\d+_.*\.ts$/.test(name))
            .map((name) => name.replace(/\.ts$/, ''))
            .sort();
          expect(await appliedMigrations(second)).toEqual(files);
          expect(
            (await second.selectFrom('customers').select('promo').where('id', '=', DEMO_IDS.customers.sophie).executeTakeFirst())?.promo,
          ).toBe('KEPT');
          expect(await second.selectFrom('customers').select('id').execute()).toHaveLength(
            PEOPLE.length + SIM_SALES.length + STATE_PEOPLE.length + STATE_SIM_SALES.length,
          );
          expect(await tableChecksum(second, 'usage_records', 'id, event_time', 'id')).toBe(before);
        } finally {
          await closeTestDatabase(second);
        }
      } finally {
        if (seeded) await closeTestDatabase(seeded);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
