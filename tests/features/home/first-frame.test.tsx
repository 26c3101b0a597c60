// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, UsageSummaryRow } from '#db/schema';
import { selectedContractKey } from '#features/home/data/contract-preference.ts';
import { readHomeFirstFrame } from '#features/home/data/home-first-frame.ts';
import { readContractUsage, useContractUsage, usageFrameKey } from '#features/home/data/use-home-usage.ts';
import { homeFrameKey, readHome, useHome } from '#features/home/data/use-home.ts';
import { useFirstFrame } from '#lib/first-frame';
import { sessionRow } from '../../fixtures/session-row.ts';

/*
 * Home's first frame (src/features/home/data/home-first-frame.ts, src/lib/first-frame.ts): the route reads the
 * stored rows while it loads, so home's first render shows the customer's contracts and usage, offline too, instead
 * of a spinner and a second render once IndexedDB answers. What was read serves one mount.
 */

// The pulls would reach the network: here they answer "offline", as they do on a cold start without coverage.
vi.mock('#features/home/data/pulls.ts', () => {
  const offline = () => Promise.reject(new Error('offline'));
  return {
    pullCustomer: offline,
    pullInvoiceSituation: offline,
    pullUsageSummary: offline,
    pullContractProducts: offline,
    pullUsageRecords: offline,
  };
});

const session = sessionRow({ msisdn: '32470000001' });

const contract = (id: number, msisdn: string): ContractRow => ({
  id,
  customerId: 1,
  contractRef: `C-${id}`,
  orderId: null,
  scenario: null,
  type: 'post_simple',
  msisdn,
  status: 'ACTIVATED',
  subStatus: null,
  identificationStatus: 'OK',
  portInStatus: null,
  fraudStatus: null,
  simIccid: null,
  simSentDate: null,
  activeProductIds: [],
  baseProductId: null,
  billCycle: null,
  dunningLevelReached: false,
  fraudulentBehaviour: false,
  linkedUser: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  activatedAt: '2026-01-02T00:00:00.000Z',
  position: id,
});

const summary: UsageSummaryRow = {
  contractId: 1,
  period: 'current',
  start: '2026-11-05',
  end: '2026-12-04',
  balances: [
    {
      type: 'DATA',
      value: 2 * 1024 ** 3,
      unit: 'B',
      balanceValue: 10 * 1024 ** 3,
      balanceUnit: 'B',
      overspentValue: 0,
      overspentUnit: 'EUR',
    },
  ],
  overspent: { credit: 0, premium: 0, national: 0, international: 0 },
  charges: [],
  free: { data: 0, call: 0, sms: 0 },
  plan: {
    bundle: {
      domestic: { data: 10 * 1024 ** 3, call: null, sms: null },
      international: { data: 0, call: 0, sms: 0 },
      world: { data: 0, call: 0, sms: 0 },
    },
    rates: { dataPerMb: 1, callPerMinute: 15, sms: 10 },
  },
  safeguards: [],
  recentIds: [],
};

/** Home's two hooks as the page calls them; `renders` keeps what each render saw. */
const renderHome = () => {
  const renders: { contracts: string[] | null; usage: number[] | null }[] = [];
  const view = renderHook(() => {
    const home = useHome();
    const data = home.result.status === 'ready' ? home.result.data : null;
    const selected = data?.contracts.find((c) => c.id === data.selectedContractId);
    const usage = useContractUsage(data?.session.customerId ?? null, selected);
    renders.push({
      contracts: data ? data.contracts.map((c) => c.msisdn ?? '') : null,
      usage: usage.result.status === 'ready' && usage.result.data.summary ? usage.result.data.balances.map((b) => b.used) : null,
    });
  });
  return { renders, view };
};

beforeEach(async () => {
  await Promise.all([db.session.clear(), db.contracts.clear(), db.usageSummaries.clear(), db.customers.clear()]);
  await db.session.put(session);
  await db.contracts.bulkPut([contract(1, '32470000001'), contract(2, '32470000002')]);
  await db.usageSummaries.put(summary);
});

describe("home's first frame", () => {
  it('is a spinner when nothing was read for it, until IndexedDB answers', async () => {
    const { renders, view } = renderHome();
    expect(renders[0]).toEqual({ contracts: null, usage: null });
    await waitFor(() => expect(renders.at(-1)?.usage).toEqual([2 * 1024 ** 3]));
    view.unmount();
  });

  it('shows the stored contracts and usage in its first render once the route has read them', async () => {
    await readHomeFirstFrame();
    const { renders, view } = renderHome();
    expect(renders[0]).toEqual({ contracts: ['32470000001', '32470000002'], usage: [2 * 1024 ** 3] });
    view.unmount();
  });

  it('serves one mount: a later visit of home starts from its live queries', async () => {
    await readHomeFirstFrame();
    renderHome().view.unmount();
    const { renders, view } = renderHome();
    expect(renders[0]).toEqual({ contracts: null, usage: null });
    view.unmount();
  });

  it('reads nothing for a visitor without a session, and home renders as it would without it', async () => {
    await db.session.clear();
    await readHomeFirstFrame();
    const { renders, view } = renderHome();
    expect(renders[0]?.usage).toBeNull();
    view.unmount();
  });

  describe('read without Dexie (db/peek.ts)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** What the route kept for home's two hooks, as their first mount takes it. */
    const kept = (customerId: number, contractId: number) =>
      renderHook(() => ({ home: useFirstFrame(homeFrameKey), usage: useFirstFrame(usageFrameKey(customerId, contractId)) })).result.current;

    it("keeps what the live queries' readers answer: the contracts in the server's order, the chosen line, its usage and their ages", async () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-20T09:00:00Z'), toFake: ['Date'] });
      // Stored out of order, with a line chosen on this device and the fetch times of both.
      await db.contracts.clear();
      await db.contracts.bulkPut([
        { ...contract(2, '32470000002'), position: 0 },
        { ...contract(1, '32470000001'), position: 1 },
      ]);
      await db.usageSummaries.put({ ...summary, contractId: 2 });
      await db.prefs.put({ key: selectedContractKey, value: 2 });
      await db.meta.bulkPut([
        { resource: resourceKeys.customer(1), fetchedAt: 1_000 },
        { resource: resourceKeys.usageSummary(1, 2, 'current'), fetchedAt: 2_000 },
      ]);
      // Dexie stays closed: the route reads without it.
      db.close();
      await readHomeFirstFrame();
      expect(db.isOpen()).toBe(false);
      await db.open();
      const first = kept(1, 2);
      expect(first.home).toEqual(await readHome());
      expect(first.usage).toEqual(await readContractUsage(1, 2));
      expect((first.home as Awaited<ReturnType<typeof readHome>>).data?.contracts.map((c) => c.id)).toEqual([2, 1]);
      await db.prefs.delete(selectedContractKey);
    });

    it('keeps "no home" for a session without a customer, as the live query reads it', async () => {
      await db.session.put({ ...session, customerId: null });
      await readHomeFirstFrame();
      expect(kept(1, 1).home).toEqual({ data: null });
    });
  });
});
