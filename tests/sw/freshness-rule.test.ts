import { describe, expect, it } from 'vitest';
import { staleAfterMs } from '#contract/freshness';
import { decideFreshness, wantsNoCache, type FreshnessDecision } from '#sw/freshness-rule';

const now = Date.parse('2026-11-22T10:00:00Z');
const minute = 60_000;

describe('freshness decision (docs/architecture.md "Freshness (reload data older than 15 minutes)")', () => {
  const cases: { name: string; fetchedAt: number | undefined; noCache: boolean; expected: FreshnessDecision }[] = [
    { name: 'nothing cached → network', fetchedAt: undefined, noCache: false, expected: 'network' },
    { name: 'cached without a stamp → network (never assumed fresh)', fetchedAt: Number.NaN, noCache: false, expected: 'network' },
    { name: 'just fetched → cache, no network', fetchedAt: now, noCache: false, expected: 'cache' },
    { name: '14 min 59 s → cache', fetchedAt: now - staleAfterMs + 1000, noCache: false, expected: 'cache' },
    { name: 'exactly 15 min → stale: cache + revalidate', fetchedAt: now - staleAfterMs, noCache: false, expected: 'cache-and-revalidate' },
    { name: '3 hours → cache + revalidate', fetchedAt: now - 180 * minute, noCache: false, expected: 'cache-and-revalidate' },
    {
      name: 'stamp in the future (clock moved back) → revalidate',
      fetchedAt: now + 5 * minute,
      noCache: false,
      expected: 'cache-and-revalidate',
    },
    { name: 'explicit refresh, fresh cache → network first', fetchedAt: now - minute, noCache: true, expected: 'network-first' },
    { name: 'explicit refresh, nothing cached → network first', fetchedAt: undefined, noCache: true, expected: 'network-first' },
  ];
  it.each(cases)('$name', ({ fetchedAt, noCache, expected }) => {
    expect(decideFreshness({ fetchedAt, now, noCache })).toBe(expected);
  });

  it('follows a fake clock across the 15-minute boundary', () => {
    const fetchedAt = now;
    const decisions = [0, 5, 14, 15, 16].map((m) => decideFreshness({ fetchedAt, now: now + m * minute, noCache: false }));
    expect(decisions).toEqual(['cache', 'cache', 'cache', 'cache-and-revalidate', 'cache-and-revalidate']);
  });
});

describe('explicit refresh headers', () => {
  const cases: { headers: Record<string, string>; expected: boolean }[] = [
    { headers: {}, expected: false },
    { headers: { 'Cache-Control': 'no-cache' }, expected: true },
    { headers: { 'Cache-Control': 'max-age=0' }, expected: true },
    { headers: { 'Cache-Control': 'no-store' }, expected: true },
    { headers: { Pragma: 'no-cache' }, expected: true },
    { headers: { 'Cache-Control': 'max-age=60' }, expected: false },
  ];
  it.each(cases)('$headers → $expected', ({ headers, expected }) => {
    expect(wantsNoCache(new Headers(headers))).toBe(expected);
  });
});
