import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, isCachedRead, type EndpointName } from '#contract/endpoints';
import { CACHE_STATUS_HEADER, CACHED_READ_HEADER, FETCHED_AT_HEADER } from '#contract/headers';

const { db } = await import('#db/db');
const { call } = await import('#api/client');
const { pull } = await import('#sync/pull');
const { revalidateUrl, urlKey } = await import('#sync/revalidate');

/*
 * What the service worker caches comes from the contract (isCachedRead), marked on the request by the API client;
 * a pull that got a stale answer runs again when the worker reports that URL changed (src/sync/revalidate.ts).
 * The real client and pull, over a fetch that plays the worker.
 */

describe('isCachedRead: the worker’s 15-minute cache, decided by the contract', () => {
  it.each<[EndpointName, boolean]>([
    ['customerFull', true],
    ['usageSummary', true],
    ['usageHistory', true],
    ['me', true],
    ['usageDownload', false], // a file: no JSON answer
    ['invoiceDownload', false],
    ['status', false], // public
    ['createPasswordInit', false],
    ['patchContact', false], // a change
    ['setLanguage', false],
  ])('%s → %s', (name, cached) => {
    expect(isCachedRead(endpoints[name])).toBe(cached);
  });
});

describe('urlKey', () => {
  it.each([
    ['/api/a?x=1&y=2', 'http://localhost:8080/api/a?y=2&x=1'],
    ['/api/a?period=current', '/api/a?period=%63urrent'],
    ['/api/a', 'http://example.test/api/a?'],
  ])('%s is the same resource as %s', (a, b) => {
    expect(urlKey(a)).toBe(urlKey(b));
  });

  it('another path or value is another resource', () => {
    expect(urlKey('/api/a?x=1')).not.toBe(urlKey('/api/a?x=2'));
    expect(urlKey('/api/a')).not.toBe(urlKey('/api/b'));
  });
});

type Served = { body: unknown; cache?: 'fresh' | 'stale' | 'network'; fetchedAt?: number };

let requests: { url: string; headers: Headers }[] = [];
let answers: Served[] = [];

beforeEach(async () => {
  requests = [];
  answers = [];
  await Promise.all(db.tables.map((table) => table.clear()));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    // The page's relative URLs, resolved against its origin as a browser does.
    const request = new Request(input instanceof Request ? input : new URL(String(input), 'http://localhost:8080/'), init);
    requests.push({ url: request.url, headers: request.headers });
    const served = answers.shift();
    if (!served) return Promise.reject(new TypeError('no answer scripted'));
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (served.cache) headers.set(CACHE_STATUS_HEADER, served.cache);
    if (served.fetchedAt) headers.set(FETCHED_AT_HEADER, String(served.fetchedAt));
    return Promise.resolve(new Response(JSON.stringify(served.body), { status: 200, headers }));
  });
  vi.stubGlobal('location', new URL('http://localhost:8080/'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const pullCostCenters = () =>
  pull({
    resource: 'test-cost-centers',
    tables: [db.prefs],
    fetch: () => call(endpoints.costCenters, { params: { customerId: 1 } }),
    write: async (data) => {
      await db.prefs.put({ key: 'cost-centers', value: data.costCenters.map((c) => c.name) });
    },
  });

const stored = async () => (await db.prefs.get('cost-centers'))?.value;

describe('the client marks what the worker caches', () => {
  it('a cached read carries the header; a public call does not', async () => {
    answers = [{ body: { costCenters: [] } }, { body: { status: 'ok', version: '1' } }];
    await call(endpoints.costCenters, { params: { customerId: 1 } });
    await call(endpoints.status);
    expect(requests.map((r) => r.headers.get(CACHED_READ_HEADER))).toEqual(['1', null]);
  });
});

describe('a pull served stale by the worker', () => {
  it('runs again, through the worker’s fresh copy, when the worker reports that its URL changed', async () => {
    const stamp = Date.now() - 3_600_000;
    answers = [
      {
        body: { costCenters: [{ id: 1, name: 'Old', contractIds: [1], lastUpdate: '2026-01-01T00:00:00.000Z' }] },
        cache: 'stale',
        fetchedAt: stamp,
      },
    ];
    await pullCostCenters();
    expect(await stored()).toEqual(['Old']);
    // The age shown is the worker's stamp, not the time of the pull.
    expect((await db.meta.get('test-cost-centers'))?.fetchedAt).toBe(stamp);

    answers = [
      {
        body: { costCenters: [{ id: 1, name: 'New', contractIds: [1], lastUpdate: '2026-01-01T00:00:00.000Z' }] },
        cache: 'fresh',
        fetchedAt: Date.now(),
      },
    ];
    await revalidateUrl('http://localhost:8080/api/customer/1/cost-centers');
    expect(await stored()).toEqual(['New']);
    // Not an explicit refresh: the worker answers from the copy it has just refreshed.
    expect(requests[1]?.headers.get('Cache-Control')).toBeNull();
    // Once only.
    await revalidateUrl('http://localhost:8080/api/customer/1/cost-centers');
    expect(requests).toHaveLength(2);
  });

  it('an answer that was not stale waits for no report; another URL is not this pull', async () => {
    answers = [
      {
        body: { costCenters: [{ id: 1, name: 'Fresh', contractIds: [1], lastUpdate: '2026-01-01T00:00:00.000Z' }] },
        cache: 'fresh',
        fetchedAt: Date.now(),
      },
    ];
    await pullCostCenters();
    await revalidateUrl('http://localhost:8080/api/customer/1/cost-centers');
    await revalidateUrl('http://localhost:8080/api/customer/2/cost-centers');
    expect(requests).toHaveLength(1);
    expect(await stored()).toEqual(['Fresh']);
  });
});
