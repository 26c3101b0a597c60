import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '#contract/calendar';
import { addUsage, emptyUsageTotals, type UsageFacts, type UsageTotals } from '#contract/rating';
import { toUsageCyclesRow } from '#data/usage-cycles-pull';
import { createDatabase } from '#db/schema';
import { judgedCycles } from '#features/subscription/data/subscription-rules.ts';
import { putRecords } from '#workers/usage-blocks';
import type { UsageRecordRow } from '#workers/usage-core';
import { averageProfile } from '#workers/usage-profile';
import { createUsageService } from '#workers/usage-service';

/*
 * The cycle totals the plan advisor and the tariff comparison read instead of the records (issue 41 point 7): how the
 * server's answer is stored, which cycles the advisor judges, the average the comparison link carries (divisor 6),
 * the same as the worker's from the records, and the Dexie version that adds their table to an existing install.
 */

const national: UsageFacts = { kind: 'data', incoming: false, destination: 'national', outsideZone: false };
const totalsOf = (parts: { facts: UsageFacts; used: number; count?: number }[]): UsageTotals => {
  const totals = emptyUsageTotals();
  for (const { facts, used, count = 1 } of parts) addUsage(totals, facts, { used, count, priceCents: 0 });
  return totals;
};
describe('toUsageCyclesRow: the server’s cycles stored with their bounds as Brussels instants', () => {
  it.each([
    { case: 'a winter month', start: '2026-01-01', end: '2026-01-31', from: Date.UTC(2025, 11, 31, 23), to: Date.UTC(2026, 0, 31, 23) - 1 },
    { case: 'the month of the spring change (23-hour day)', start: '2026-03-01', end: '2026-03-31', from: Date.UTC(2026, 1, 28, 23), to: Date.UTC(2026, 2, 31, 22) - 1 },
    { case: 'a cycle from the 15th across the autumn change', start: '2026-10-15', end: '2026-11-14', from: Date.UTC(2026, 9, 14, 22), to: Date.UTC(2026, 10, 14, 23) - 1 },
  ])('$case', ({ start, end, from, to }) => {
    const totals = totalsOf([{ facts: national, used: 5 }]);
    const row = toUsageCyclesRow({ cycles: [{ start, end, records: 1, totals }] }, 5, 7);
    expect(row).toEqual({ contractId: 7, customerId: 5, cycles: [{ start, end, records: 1, totals, from, to }] });
  });
});

describe('judgedCycles: the stored cycles the plan advisor judges', () => {
  const months = ['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'].map((m, i) => {
    const [y, mo] = m.split('-').map(Number) as [number, number];
    const end = new Date(Date.UTC(y, mo, 0)).getUTCDate();
    return toUsageCyclesRow({ cycles: [{ start: `${m}-01`, end: `${m}-${end}`, records: i + 1, totals: emptyUsageTotals() }] }, 1, 1).cycles[0]!;
  });
  it.each([
    { case: 'a line active long before: all six', activatedAt: '2024-02-10T09:00:00Z', cycles: months, judged: ['2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01'] },
    { case: 'activated on a cycle’s first day (Brussels): from that cycle', activatedAt: '2026-07-31T22:30:00Z', cycles: months, judged: ['2026-08-01', '2026-09-01', '2026-10-01'] },
    { case: 'activated inside a cycle: that cycle is left out', activatedAt: '2026-08-10T12:00:00Z', cycles: months, judged: ['2026-09-01', '2026-10-01'] },
    { case: 'no activation date: nothing to judge', activatedAt: null, cycles: months, judged: [] },
    { case: 'nothing stored', activatedAt: '2024-02-10T09:00:00Z', cycles: [], judged: [] },
  ])('$case', ({ activatedAt, cycles, judged }) => {
    const result = judgedCycles({ activatedAt }, cycles);
    expect(result.map((c) => new Date(c.from).toISOString())).toEqual(judged.map((d) => new Date(startOfLocalDay(d)).toISOString()));
    for (const c of result) {
      const source = cycles.find((s) => s.from === c.from)!;
      expect(c).toEqual({ from: source.from, to: source.to, usage: { usage: source.totals, records: source.records } });
    }
  });
});

describe('averageProfile: the comparison link’s average (docs/product/consumption.md "Average use": divisor 6)', () => {
  const call = (incoming: boolean, destination: UsageFacts['destination']): UsageFacts => ({ kind: 'call', incoming, destination, outsideZone: false });
  const sms: UsageFacts = { kind: 'sms', incoming: false, destination: 'national', outsideZone: false };
  it.each([
    { case: 'no cycle', cycles: [], average: { dataBytes: 0, nationalCallSeconds: 0, nationalSms: 0 } },
    {
      case: 'six cycles: the sum over 6',
      cycles: Array.from({ length: 6 }, (_, i) => totalsOf([{ facts: national, used: 600 * (i + 1) }, { facts: sms, used: 6 }])),
      average: { dataBytes: 2100, nationalCallSeconds: 0, nationalSms: 6 },
    },
    {
      case: 'two cycles of history: still divided by 6',
      cycles: [totalsOf([{ facts: national, used: 1200 }]), totalsOf([{ facts: national, used: 600 }])],
      average: { dataBytes: 300, nationalCallSeconds: 0, nationalSms: 0 },
    },
    {
      case: 'incoming calls and calls abroad do not count',
      cycles: [totalsOf([{ facts: call(false, 'national'), used: 600 }, { facts: call(true, 'national'), used: 6000 }, { facts: call(false, 'international'), used: 6000 }, { facts: call(false, 'roaming'), used: 60 }])],
      average: { dataBytes: 0, nationalCallSeconds: 110, nationalSms: 0 },
    },
  ])('$case', ({ cycles, average }) => {
    expect(averageProfile(cycles)).toEqual(average);
  });

  it('is the worker’s average of the same records', async () => {
    const db = createDatabase('usage-cycles-profile');
    const c1 = toUsageCyclesRow({ cycles: [{ start: '2026-09-01', end: '2026-09-30', records: 0, totals: emptyUsageTotals() }] }, 1, 9).cycles[0]!;
    const c2 = toUsageCyclesRow({ cycles: [{ start: '2026-10-01', end: '2026-10-31', records: 0, totals: emptyUsageTotals() }] }, 1, 9).cycles[0]!;
    const record = (id: number, eventTime: number, serviceCat: UsageRecordRow['serviceCat'], serviceUsed: number, incoming = false): UsageRecordRow => ({
      id: `r${id}`, contractId: 9, serviceCat, messages: 1, isOob: false, resourceImpact: 0, resourceUnit: 'EUR_CENT', serviceUsed, serviceUnit: 'B', incoming, destination: 'national', eventTime,
    });
    const records = [record(1, c1.from, 'data', 1000), record(2, c1.to, 'call', 61), record(3, c2.from + 5, 'sms', 1), record(4, c2.to, 'call', 600, true), record(5, c2.to + 1, 'data', 99)];
    await putRecords(db, records);
    const fromRecords = await createUsageService(db).profile(9, [c1, c2]);
    const totals = [
      totalsOf([{ facts: national, used: 1000 }, { facts: { ...national, kind: 'call' }, used: 61 }]),
      totalsOf([{ facts: { ...national, kind: 'sms' }, used: 1 }, { facts: { ...national, kind: 'call', incoming: true }, used: 600 }]),
    ];
    expect(averageProfile(totals)).toEqual(fromRecords.average);
    db.close();
  });
});

describe('Dexie version 19: the cycle totals’ table', () => {
  it('an install at version 18 keeps its data and gets the empty table', async () => {
    const name = 'usage-cycles-upgrade';
    const old = new Dexie(name);
    old.version(18).stores({ meta: 'resource', prefs: 'key', usageDaily: '[contractId+dayStart]' });
    await old.table('meta').put({ resource: 'customer:5', fetchedAt: 2 });
    await old.table('prefs').put({ key: 'selectedContract', value: 7 });
    old.close();

    const db = createDatabase(name);
    await db.open();
    expect(db.verno).toBe(19);
    expect(await db.meta.toArray()).toEqual([{ resource: 'customer:5', fetchedAt: 2 }]);
    expect(await db.prefs.get('selectedContract')).toEqual({ key: 'selectedContract', value: 7 });
    expect(await db.usageCycles.count()).toBe(0);
    await db.usageCycles.put(toUsageCyclesRow({ cycles: [] }, 5, 7));
    expect(await db.usageCycles.where('customerId').equals(5).primaryKeys()).toEqual([7]);
    db.close();
  });
});
