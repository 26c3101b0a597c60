import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  bundleOf,
  emptyUsageTotals,
  addUsage,
  rateUsage,
  usageTotalsOf,
  type RatableRecord,
  type RatingClass,
  type UsageDestination,
  type UsageKind,
} from '#contract/rating';
import { usageHistoryResponseSchema, usageSummarySchema, type UsageSummary } from '#contract/usage';
import { toUsageRecordRow } from '#data/usage-pull';
import { createDatabase } from '#db/schema';
import { appContext } from '#server/app';
import { DEMO_IDS } from '#server/demo/data/ids';
import { cycleSnapshot } from '#server/lib/alert-engine';
import { dueCycleEvents } from '#server/lib/alert-rules';
import { findContract } from '#server/lib/customer-data';
import { outOfBundleCost } from '#server/lib/invoice-lines';
import { billCycleOfContract, cycleCharges, rangeCharges } from '#server/lib/rating-data';
import { localDayRange } from '#contract/calendar';
import { createSession } from '#server/lib/sessions';
import { putRecords } from '#workers/usage-blocks';
import { createAggregator, type UsageRecordRow } from '#workers/usage-core';
import { createDayRollupBuilder, toDailyRow } from '#workers/usage-rollup';
import { createUsageService } from '#workers/usage-service';
import { writeTransaction } from '#server/db/engine';
import { pdfRecordCosts, pdfText } from './pdf-text.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/*
 * The reconciliation of every view of a line's usage (docs/product/consumption.md "What counts against a bundle"):
 * fast-check draws a plan (base product and options) and a cycle of usage records — outgoing and incoming calls,
 * texts and data, national, EU and world roaming, abroad, premium — writes them on Marc's line, and checks that each
 * view computes, to the second and to the cent, what the rating model computes from the records themselves:
 *   1. the usage summary's balances (GET …/usage: used, bundle, out-of-bundle cents per type, incoming use),
 *   2. its out-of-bundle detail (cdrOverspent by destination class, the charge lines),
 *   3. the CSV statement (rows rated by their "Rated as" column, premium prices; its cost column adds up to the
 *      charges, each group to its line),
 *   4. the PDF statement (its charge lines and total; its records' cost column, the same costs as the CSV's),
 *   5. the usage worker's aggregation over the records the app downloads (GET …/usage/history),
 *   6. the usage worker's service over IndexedDB, with its per-day rollups (what the screens read),
 *   7. the alert engine's snapshot and the thresholds it crosses,
 *   8. the billing run's out-of-bundle lines (cycleCharges, outOfBundleCost, a cycle cut in two parts).
 */

const RUNS = 100;
const VIEWS = 8;

const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;
const P = DEMO_IDS.products;
const MB = BYTES_PER_MB;
const UNITS = { data: 'B', call: 's', sms: 'sms' } as const;

let t: TestApp;
let token = '';
let range = { from: 0, to: 0 };
let now = 0;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createSession(t.db, DEMO_IDS.users.marc, new Date())).accessToken;
  now = appContext(t.app).clock.now().getTime();
  const summary = await summaryNow();
  range = localDayRange(summary.period.start, summary.period.end);
});
afterAll(async () => {
  await t.close();
});

const base = `/api/customer/${C.marc}/contract/${K.marc}`;
const get = (url: string) => t.app.inject({ method: 'GET', url: `${base}${url}`, headers: bearer(token) });
const summaryNow = async (): Promise<UsageSummary> => usageSummarySchema.parse((await get('/usage?period=current')).json());

/** The catalogue's volumes (server/demo/data/catalogue.ts), written here again so that the reference owes nothing to the server. */
const BASES = {
  [P.mobileS]: { dataMb: 5120, voiceMinutes: 150, smsCount: 0 },
  [P.mobileM]: { dataMb: 20480, voiceMinutes: 500, smsCount: 0 },
  [P.mobileL]: { dataMb: 102400, voiceMinutes: 0, smsCount: 0 },
  [P.pro30]: { dataMb: 30720, voiceMinutes: 0, smsCount: 0 },
  [P.proUnlimited]: { dataMb: 0, voiceMinutes: 0, smsCount: 0 },
} as const;
const RATES = { dataPerMb: 1, callPerMinute: 15, sms: 10 };
const OPTIONS = [
  { id: P.extra1Gb, dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'domestic', max: 3 },
  { id: P.extra5Gb, dataMb: 5120, voiceMinutes: 0, smsCount: 0, zone: 'domestic', max: 2 },
  { id: P.international60, dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international', max: 1 },
  { id: P.roamingWorld1Gb, dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'world', max: 2 },
] as const;

type Drawn = RatableRecord & { at: number };

const recordArb = (from: number, to: number): fc.Arbitrary<Drawn> =>
  fc
    .record({
      kind: fc.constantFrom<UsageKind>('data', 'call', 'sms'),
      incoming: fc.boolean(),
      destination: fc.constantFrom<UsageDestination>('national', 'national', 'roaming', 'international', 'premium'),
      outsideZone: fc.boolean(),
      size: fc.double({ min: 0, max: 1, noNaN: true }),
      priceCents: fc.integer({ min: 0, max: 600 }),
      at: fc.integer({ min: from, max: to }),
    })
    .map(({ kind, size, ...rest }) => ({
      ...rest,
      kind,
      // Up to 3 GB a session, 3 hours a call, 2 texts: enough to go beyond every bundle of the catalogue.
      used: kind === 'data' ? Math.round(size * 3 * 1024 * MB) : kind === 'call' ? Math.round(size * 3 * 3600) : 1 + Math.round(size),
    }));

const scenarioArb = () =>
  fc.record({
    product: fc.constantFrom(P.mobileS, P.mobileM, P.mobileL, P.pro30, P.proUnlimited),
    options: fc.tuple(...OPTIONS.map((o) => fc.integer({ min: 0, max: o.max }))),
    records: fc.array(recordArb(range.from, Math.min(range.to, now)), { maxLength: 80 }),
    cut: fc.double({ min: 0, max: 1, noNaN: true }),
  });

/** Marc's line gets exactly the drawn plan and records. */
const writeScenario = (product: number, counts: readonly number[], records: readonly Drawn[]): Promise<void> =>
  writeTransaction(t.db, async (db) => {
    await db.deleteFrom('usage_records').where('contract_id', '=', K.marc).execute();
    await db.updateTable('contracts').set({ product_id: product }).where('id', '=', K.marc).execute();
    await db.deleteFrom('contract_options').where('contract_id', '=', K.marc).execute();
    const options = OPTIONS.flatMap((option, i) => {
      const count = counts[i] ?? 0;
      return count > 0 ? [{ contract_id: K.marc, option_id: option.id, count }] : [];
    });
    if (options.length > 0) await db.insertInto('contract_options').values(options).execute();
    if (records.length > 0)
      await db
        .insertInto('usage_records')
        .values(
          records.map((r) => ({
            contract_id: K.marc,
            service_cat: r.kind,
            messages: 1,
            is_oob: r.outsideZone ? 1 : 0,
            resource_impact: r.priceCents,
            service_used: r.used,
            service_unit: UNITS[r.kind],
            incoming: r.incoming ? 1 : 0,
            destination: r.destination,
            event_time: r.at,
          })),
        )
        .execute();
  });

// ---------------------------------------------------------------------------------------------------------------
// Readers of the views
// ---------------------------------------------------------------------------------------------------------------

const CLASS_OF_CSV: Record<string, RatingClass> = {
  bundel: 'domestic',
  'gratis (inkomend)': 'free',
  internationaal: 'international',
  'buiten Europa': 'world',
  premium: 'premium',
};
const KIND_OF_CSV: Record<string, UsageKind> = { Data: 'data', Gesprekken: 'call', Sms: 'sms' };

/**
 * The CSV statement (Marc reads Dutch), summed by the rating classes its rows state; its cost column row by row, and
 * summed per class and kind (`costs`).
 */
const csvTotals = async () => {
  const response = await get('/usage/download?type=CONSO');
  expect(response.statusCode).toBe(200);
  const [, ...rows] = response.body.replace(/^\uFEFF/, '').split('\r\n');
  const totals = emptyUsageTotals();
  const costs = emptyUsageTotals();
  const rowCosts: number[] = [];
  let count = 0;
  for (const line of rows) {
    if (line === '') continue;
    const cells = line.split(';');
    const rated = CLASS_OF_CSV[cells[5] ?? ''];
    const kind = KIND_OF_CSV[cells[1] ?? ''];
    if (!rated || !kind) throw new Error(`unreadable CSV row: ${line}`);
    const cost = Number((cells[11] ?? '0').replace(',', ''));
    const into = totals[rated][kind];
    into.used += Number(cells[8]);
    into.count += 1;
    // What the rating reads as a record's price: a premium record's cost is its price.
    if (rated === 'premium') into.priceCents += cost;
    costs[rated][kind].priceCents += cost;
    rowCosts.push(cost);
    count += 1;
  }
  return { totals, costs, rowCosts, count };
};

const euroNl = (cents: number): string =>
  new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u202F\u2009]/g, ' ');

/** Every record of the cycle as the app downloads it (GET …/usage/history) and stores it. */
const downloaded = async (): Promise<UsageRecordRow[]> => {
  const rows: UsageRecordRow[] = [];
  for (let page = 1; ; page++) {
    const answer = usageHistoryResponseSchema.parse(
      (await get(`/usage/history?megalist-page=${page}&megalist-batchSize=5000&megalist-sortOrder=asc`)).json(),
    );
    rows.push(...answer.data.map((dto) => toUsageRecordRow(dto, K.marc)));
    if (page >= answer.pagination.last_page) return rows;
  }
};

let dexieRun = 0;

// ---------------------------------------------------------------------------------------------------------------

describe(`every view of a cycle's usage agrees with the rating (${RUNS} cases × ${VIEWS} views)`, () => {
  it('to the second and to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(), async ({ product, options, records, cut }) => {
        await writeScenario(product, options, records);
        const bundle = bundleOf(
          BASES[product],
          OPTIONS.map((o, i) => ({ ...o, count: options[i] ?? 0 })),
        );
        const reference = rateUsage(usageTotalsOf(records), bundle, RATES);
        const kinds = ['data', 'call', 'sms'] as const;

        // 1. The summary's balances.
        const summary = await summaryNow();
        expect(summary.plan).toEqual({ bundle, rates: RATES });
        for (const kind of kinds) {
          const balance = summary.balances.find((b) => b.type === kind.toUpperCase());
          expect(balance?.value).toBe(reference.zones.domestic[kind].used);
          expect(balance?.balanceValue).toBe(reference.zones.domestic[kind].allowance ?? 0);
          expect(balance?.overspentValue).toBe(reference.centsByKind[kind]);
        }
        expect(summary.free).toEqual(reference.free);

        // 2. Its out-of-bundle detail.
        expect(summary.cdrOverspent).toEqual(reference.overspent);
        expect(summary.charges).toEqual(reference.lines);

        // 3. The CSV statement: its rows, summed by the class they state, rate to the same charges.
        const csv = await csvTotals();
        expect(csv.count).toBe(records.length);
        const csvRating = rateUsage(csv.totals, bundle, RATES);
        expect(csvRating.lines).toEqual(reference.lines);
        expect(csvRating.zones).toEqual(reference.zones);
        // Its cost column: each record's share of the charges, adding up to each line and to the total.
        expect(csv.rowCosts.reduce((sum, cents) => sum + cents, 0)).toBe(reference.totalCents);
        for (const line of reference.lines) expect(csv.costs[line.zone][line.kind].priceCents).toBe(line.cents);

        // 4. The PDF statement: each charge and the total, as amounts (Dutch); each record's cost, as in the CSV.
        const pdf = pdfText((await get('/usage/download?type=PDF')).rawPayload);
        if (reference.lines.length === 0) expect(pdf).toContain('Geen kosten buiten de bundel in deze periode.');
        else {
          const amounts = pdf.split('\n').filter((line) => line.startsWith('€'));
          for (const line of reference.lines) expect(amounts).toContain(euroNl(line.cents));
          expect(amounts).toContain(euroNl(reference.totalCents));
        }
        expect(pdfRecordCosts(pdf, 'Detail van het verbruik').reverse()).toEqual(csv.rowCosts);

        // 5. The worker's aggregation of the downloaded records.
        const rows = await downloaded();
        expect(rows).toHaveLength(records.length);
        const aggregator = createAggregator({ from: range.from, to: range.to });
        aggregator.add(rows);
        const aggregated = aggregator.result();
        expect(rateUsage(aggregated.usage, summary.plan.bundle, summary.plan.rates)).toEqual(reference);

        // 6. The worker's service over IndexedDB, reading the per-day rollups the records pull writes.
        const dexie = createDatabase(`reconciliation-${++dexieRun}`);
        await putRecords(dexie, rows);
        const builder = createDayRollupBuilder();
        for (const row of rows) builder.add(row);
        await dexie.usageDaily.bulkPut(
          [...builder.days]
            .filter(([start, day]) => start >= range.from && day.dayEnd - 1 <= range.to)
            .map(([start, day]) => toDailyRow(K.marc, start, day.dayEnd, now, day.sums)),
        );
        const served = await createUsageService(dexie).aggregateOnly({ contractId: K.marc, from: range.from, to: range.to });
        expect(rateUsage(served.usage, summary.plan.bundle, summary.plan.rates)).toEqual(reference);
        expect(served.totals).toEqual(aggregated.totals);
        dexie.close();

        // 7. The alert engine: the levels and spending it judges, and the thresholds they cross.
        const contract = await findContract(t.db, C.marc, K.marc);
        if (!contract) throw new Error('no contract');
        const snapshot = await cycleSnapshot(t.db, contract, new Date(now));
        for (const level of snapshot.usage) {
          const kind = level.type.toLowerCase() as UsageKind;
          expect(level.used).toBe(reference.zones.domestic[kind].used);
          expect(level.bundle).toBe(reference.zones.domestic[kind].allowance ?? 0);
        }
        expect(snapshot.spending).toEqual({
          OSG: reference.overspent.credit,
          PSG: reference.overspent.premium,
          DSG: reference.centsByKind.data,
        });
        const crossed = dueCycleEvents(snapshot, new Set())
          .filter((e) => e.notify && (e.type === '80PC' || e.type === '100PC'))
          .map((e) => e.key.split(':').slice(0, 2).join(':'));
        const expected = kinds.flatMap((kind) => {
          const { used, allowance } = reference.zones.domestic[kind];
          if (!allowance) return [];
          return used / allowance >= 1 ? [`100PC:${kind.toUpperCase()}`] : used / allowance >= 0.8 ? [`80PC:${kind.toUpperCase()}`] : [];
        });
        expect(crossed).toEqual(expected);

        // 8. The billing run's out-of-bundle lines, and a cycle cut in two parts costing the whole.
        expect(await cycleCharges(t.db, K.marc, range)).toEqual(reference.lines);
        expect(await outOfBundleCost(t.db, K.marc, range)).toBe(reference.totalCents);
        const at = range.from + Math.floor(cut * (range.to - range.from));
        const cycle = await billCycleOfContract(t.db, K.marc);
        const first = await rangeCharges(t.db, K.marc, cycle, { from: range.from, to: at });
        const second = await rangeCharges(t.db, K.marc, cycle, { from: at + 1, to: range.to });
        expect(first.totalCents + second.totalCents).toBe(reference.totalCents);
        const merged = emptyUsageTotals();
        for (const record of records) addUsage(merged, record, { used: record.used, count: 1, priceCents: record.priceCents });
        expect(rateUsage(merged, bundle, RATES).totalCents).toBe(first.totalCents + second.totalCents);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
