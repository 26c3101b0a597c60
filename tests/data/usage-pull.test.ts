import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageRecordDto } from '#contract/usage';
import { brusselsEndOfDay, brusselsMidnight } from '../fixtures/service-zone.ts';

const callMock = vi.hoisted(() => vi.fn());
vi.mock('#api/client', async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), call: callMock }));

const { db } = await import('#db/db');
const { pullUsageSummary, toUsageRecordRow } = await import('#data/usage-pull');
const { pullUsageRecords, ingestUsageRecords } = await import('#data/usage-records-pull');
const { resourceKeys } = await import('#db/resource-keys');
const { createUsageService } = await import('#workers/usage-service');
const { aggregate } = await import('#workers/usage-core');
const { countRecords } = await import('#workers/usage-blocks');

const storedRecords = async () => (await db.usageBlocks.toArray()).flatMap((block) => block.records);

const dto = (i: number): UsageRecordDto => ({
  id: String(i),
  service_cat: 'data',
  messages: 1,
  is_oob: false,
  resource_impact: 0,
  resource_unit: 'EUR_CENT',
  service_used: 1000,
  service_unit: 'B',
  incoming: false,
  destination: 'national',
  event_time: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
});

const page = (n: number, pageNo: number, perPage: number) => {
  const start = (pageNo - 1) * perPage;
  const data = Array.from({ length: Math.max(0, Math.min(perPage, n - start)) }, (_, i) => dto(start + i));
  const last = Math.max(1, Math.ceil(n / perPage));
  return {
    data,
    pagination: { current_page: pageNo, from: start + 1, to: start + data.length, per_page: perPage, total: n, last_page: last, links: { first: '', last: '', prev: null, next: null } },
  };
};

beforeEach(async () => {
  callMock.mockReset();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('pullUsageRecords', () => {
  it('fetches every page and writes all records, camelCase, with the range marked fetched', async () => {
    callMock.mockImplementation((_e: unknown, options: { query: Record<string, number> }) =>
      Promise.resolve(page(2345, options.query['megalist-page']!, options.query['megalist-batchSize']!)));
    const progress: number[] = [];
    const result = await pullUsageRecords(1, 7, { from: '2026-01-01', to: '2026-01-31' }, { pageSize: 1000, onProgress: (p) => progress.push(p.loaded), now: () => Date.UTC(2026, 0, 15) });
    expect(result).toBe('updated');
    expect(callMock).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([1000, 2000, 2345]);
    expect(await countRecords(db)).toBe(2345);
    const stored = (await storedRecords()).find((r) => r.id === '5');
    expect(stored).toMatchObject({ contractId: 7, serviceCat: 'data', eventTime: Date.UTC(2026, 0, 1) + 5000 });
    expect(await db.meta.get('usage-records:1:7:2026-01-01:2026-01-31')).toMatchObject({ fetchedAt: Date.UTC(2026, 0, 15) });
    expect(await db.meta.get(resourceKeys.usageRevision(7))).toBeDefined();
  });

  it.each([
    ['a closed range is never fetched again', '2026-01-31', Date.UTC(2026, 5, 1), 1],
    ['a running range follows the 15-minute rule', '2026-12-31', Date.UTC(2026, 0, 15) + 16 * 60_000, 2],
  ])('%s', async (_name, to, later, calls) => {
    callMock.mockImplementation(() => Promise.resolve(page(3, 1, 5000)));
    await pullUsageRecords(1, 7, { from: '2026-01-01', to }, { now: () => Date.UTC(2026, 0, 15) });
    await pullUsageRecords(1, 7, { from: '2026-01-01', to }, { now: () => later });
    expect(callMock).toHaveBeenCalledTimes(calls);
  });

  it('offline: the failure is thrown, nothing is marked fetched', async () => {
    callMock.mockRejectedValue(new Error('network'));
    await expect(pullUsageRecords(1, 7, { from: '2026-01-01', to: '2026-01-31' })).rejects.toThrow('network');
    expect(await db.meta.count()).toBe(0);
  });
});

describe('ingestUsageRecords', () => {
  const minutely = (i: number) => toUsageRecordRow({ ...dto(i), event_time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }, 7);

  it('writes hourly blocks in transactions of about 1,000 records each', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => minutely(i));
    const spy = vi.spyOn(db, 'transaction');
    await ingestUsageRecords(rows);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
    expect(await countRecords(db)).toBe(2500);
    // 60 records per UTC hour, one row per hour.
    expect(await db.usageBlocks.count()).toBe(Math.ceil(2500 / 60));
    expect((await db.usageBlocks.toArray()).every((b) => b.count === b.records.length && b.records.every((r) => r.eventTime - b.blockStart < 3_600_000))).toBe(true);
  });

  it('writes a record twice as one (merged by id, the newer wins), and keeps each hour in time order', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => minutely(i));
    await ingestUsageRecords([...rows].reverse());
    await ingestUsageRecords(rows.slice(100, 200).map((r) => ({ ...r, serviceUsed: 7 })));
    const stored = await storedRecords();
    expect(stored.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(stored.filter((r) => r.serviceUsed === 7)).toHaveLength(100);
  });
});

describe('pullUsageSummary', () => {
  it('stores the summary, its recent records and the fetch time together', async () => {
    callMock.mockResolvedValue({
      period: { start: '2026-01-05', end: '2026-02-04' },
      balances: [{ type: 'DATA', value: 10, unit: 'B', balanceValue: 0, balanceUnit: 'B', overspentValue: 0, overspentUnit: 'EUR_CENT' }],
      cdrUsage: [dto(1), dto(2)],
      cdrOverspent: { credit: 5230, premium: 200, national: 0, international: 5030 },
      safeguard: [{ type: 'OSG', overSpent: { credit: 5230 }, current: 5000, next: null, alert: 4000, default: 5000, max: 15000 }],
    });
    await pullUsageSummary(3, 4, 'current');
    const row = await db.usageSummaries.get([4, 'current']);
    expect(row).toMatchObject({ start: '2026-01-05', recentIds: ['1', '2'], safeguards: [{ type: 'OSG', overSpentCredit: 5230, current: 5000 }] });
    expect(await countRecords(db)).toBe(2);
    expect(await db.meta.get('usage:3:4:current')).toBeDefined();
  });
});

describe("a range that ended before today (Europe/Brussels, whatever the device's time zone) is never fetched again", () => {
  it.each([
    // 00:30 on 29 March in Brussels: 28 March is over there, not yet in UTC nor in New York.
    ['to 28 March, at 00:30 on the 29th in Brussels: closed, not fetched', '2026-03-28', '2026-03-28T23:30:00Z', 0],
    // 23:30 on 29 March in Brussels: still today there, already over in Tokyo.
    ['to 29 March, at 23:30 on the 29th in Brussels: open, fetched again', '2026-03-29', '2026-03-29T21:30:00Z', 1],
  ])('%s', async (_name, to, now, calls) => {
    callMock.mockImplementation((_e: unknown, options: { query: Record<string, number> }) =>
      Promise.resolve(page(3, options.query['megalist-page']!, options.query['megalist-batchSize']!)));
    const range = { from: '2026-03-01', to };
    // Fetched completely an hour before: past the 15 minutes, so only a closed range is left alone.
    await db.meta.put({ resource: resourceKeys.usageRecords(1, 7, range.from, range.to), fetchedAt: Date.parse(now) - 3_600_000 });
    await pullUsageRecords(1, 7, range, { now: () => Date.parse(now) });
    expect(callMock).toHaveBeenCalledTimes(calls);
  });
});

describe('per-day rollups written by the records pull', () => {
  // Records spread over January, every 17 minutes, with every kind of combination.
  const spread = (i: number, bump = 0): UsageRecordDto => ({
    ...dto(i),
    service_cat: (['data', 'call', 'sms'] as const)[i % 3]!,
    is_oob: i % 5 === 0,
    resource_impact: i % 5 === 0 ? 30 + bump : 0,
    service_used: 100 + i + bump,
    incoming: i % 2 === 0,
    destination: (['national', 'international', 'roaming', 'premium'] as const)[i % 4]!,
    event_time: new Date(Date.UTC(2026, 0, 1) + i * 17 * 60_000).toISOString(),
  });
  const n = 2400; // ~28 days
  const range = { from: '2026-01-01', to: '2026-01-31' };
  // The range's Brussels days (the service's calendar), whatever the runner's TZ.
  const from = brusselsMidnight('2026-01-01');
  const to = brusselsEndOfDay('2026-01-31');
  const serve = (make: (i: number) => UsageRecordDto, failOnPage?: number) =>
    callMock.mockImplementation((_e: unknown, options: { query: Record<string, number> }) => {
      const pageNo = options.query['megalist-page']!;
      if (pageNo === failOnPage) return Promise.reject(new Error('network'));
      const perPage = options.query['megalist-batchSize']!;
      const start = (pageNo - 1) * perPage;
      const data = Array.from({ length: Math.max(0, Math.min(perPage, n - start)) }, (_, i) => make(start + i));
      return Promise.resolve({ ...page(n, pageNo, perPage), data });
    });
  const fromRecords = async (q: { types?: ('data' | 'call' | 'sms')[]; direction?: 'all' | 'in' | 'out'; oobOnly?: boolean } = {}) =>
    aggregate(await storedRecords(), { from, to, ...q });
  const fromService = (q: { types?: ('data' | 'call' | 'sms')[]; direction?: 'all' | 'in' | 'out'; oobOnly?: boolean } = {}) =>
    createUsageService(db).aggregateOnly({ contractId: 7, from, to, ...q });
  const same = async (q: Parameters<typeof fromService>[0] = {}) => {
    const [a, b] = await Promise.all([fromService(q), fromRecords(q)]);
    expect({ ...a, scanned: 0 }).toEqual({ ...b, scanned: 0 });
    return a;
  };

  it('a complete range writes one row per covered day, and the worker answers like the record scan', async () => {
    serve((i) => spread(i));
    await pullUsageRecords(1, 7, range, { pageSize: 1000, now: () => Date.UTC(2026, 1, 15) });
    // Every local day the server's Brussels range covers completely, including days without records.
    expect(await db.usageDaily.count()).toBeGreaterThanOrEqual(30);
    const all = await same();
    await same({ types: ['call'], direction: 'in' });
    await same({ oobOnly: true });
    // The answer really comes from the rollups: without the records of the days that have one, it stays the same.
    const rolled = await db.usageDaily.toArray();
    const inRollup = (t: number) => rolled.some((d) => t >= d.dayStart && t < d.dayEnd);
    const blocks = await db.usageBlocks.toArray();
    await db.usageBlocks.bulkPut(blocks.map((b) => {
      const records = b.records.filter((r) => !inRollup(r.eventTime));
      return { ...b, records, count: records.length };
    }));
    expect(await countRecords(db)).toBeLessThan(n / 10);
    expect({ ...(await fromService()), scanned: 0 }).toEqual({ ...all, scanned: 0 });
  });

  it('fetching a range again (the 15-minute refresh) replaces the rollups instead of adding to them', async () => {
    serve((i) => spread(i));
    await pullUsageRecords(1, 7, range, { pageSize: 1000, now: () => Date.UTC(2026, 0, 20) });
    const first = await same();
    // The same records, and some changed on the server, fetched again.
    serve((i) => spread(i, i % 7 === 0 ? 11 : 0));
    await pullUsageRecords(1, 7, range, { pageSize: 1000, force: true, now: () => Date.UTC(2026, 0, 20, 1) });
    const second = await same();
    expect(second.matched).toBe(first.matched);
    expect(second.totals.data.used).toBeGreaterThan(first.totals.data.used);
  });

  it('a pull that stops half-way leaves no rollup for the days it touched: the worker reads their records', async () => {
    serve((i) => spread(i));
    await pullUsageRecords(1, 7, range, { pageSize: 1000, now: () => Date.UTC(2026, 0, 20) });
    const before = await db.usageDaily.count();
    serve((i) => spread(i, 5), 2);
    await expect(pullUsageRecords(1, 7, range, { pageSize: 1000, force: true, now: () => Date.UTC(2026, 0, 20, 1) })).rejects.toThrow('network');
    expect(await db.usageDaily.count()).toBeLessThan(before);
    await same();
    await same({ types: ['data'], oobOnly: true });
  });

  it('the recent records of a summary drop the rollups of their days', async () => {
    serve((i) => spread(i));
    await pullUsageRecords(1, 7, range, { pageSize: 1000, now: () => Date.UTC(2026, 1, 15) });
    const before = await same();
    callMock.mockResolvedValue({
      period: { start: '2026-01-01', end: '2026-01-31' },
      balances: [],
      cdrUsage: [{ ...spread(500), id: 'new-one', service_used: 999_999 }],
      cdrOverspent: { credit: 0, premium: 0, national: 0, international: 0 },
      safeguard: [],
    });
    await pullUsageSummary(1, 7, 'current', { force: true });
    const answer = await same();
    expect(answer.matched).toBe(before.matched + 1);
  });
});
