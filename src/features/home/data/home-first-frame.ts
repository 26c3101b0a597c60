import { readForcedContractId } from '#data/selected-contract';
import { peekReads } from '#db/peek-reads';
import { resourceKeys } from '#db/resource-keys';
import type { ContactRow, ContractRow, CustomerRow, MetaRow, PrefRow, SessionRow, UsageSummaryRow } from '#db/schema';
import { whenFirstAnswersStored } from '#lib/first-answers';
import { keepForFirstFrame, keepValueForFirstFrame } from '#lib/first-frame';
import { selectedContractKey } from './contract-preference.ts';
import { currentUsageOf, readContractUsage, usageFrameKey, type HomeUsage } from './use-home-usage.ts';
import { assembleHome, homeFrameKey, readHome, type HomeData } from './use-home.ts';

type HomeRows = { home: HomeData | null; usage: { customerId: number; contractId: number; data: HomeUsage } | null };

/**
 * What home's live queries read (use-home.ts readHome, use-home-usage.ts readContractUsage), in one read-only
 * transaction without Dexie (db/peek.ts): Dexie then opens after home's first frame, not before it (its open was
 * about 70 ms of the main thread of an offline start at 4× CPU, on the way to the app's take-over of the snapshot).
 * The same rows and the same pure assembly as the live queries, so their first answers change nothing on screen.
 * Null when the rows cannot be read so: the live queries' readers answer instead.
 */
const peekHome = async (): Promise<HomeRows | null> =>
  peekReads<HomeRows | null>(['session', 'prefs', 'customers', 'contacts', 'contracts', 'meta', 'usageSummaries'], async ({ get, getAllByIndex }) => {
    const [session, forced] = (await Promise.all([get('session', 'current'), get('prefs', selectedContractKey)])) as [
      SessionRow | null,
      PrefRow | null,
    ];
    if (!session || session.customerId === null) return { home: null, usage: null };
    const { customerId } = session;
    const [customer, contact, contracts, meta] = (await Promise.all([
      get('customers', customerId),
      get('contacts', customerId),
      getAllByIndex('contracts', 'customerId', customerId),
      get('meta', resourceKeys.customer(customerId)),
    ])) as [CustomerRow | null, ContactRow | null, ContractRow[] | null, MetaRow | null];
    // A failed read is not "no lines": the live queries' readers answer instead.
    if (contracts === null) return null;
    const rows = {
      customer: customer ?? undefined,
      contact: contact ?? undefined,
      // Dexie's sortBy('position'): a stable sort of the index's order.
      contracts: [...contracts].sort((a, b) => a.position - b.position),
      fetchedAt: meta?.fetchedAt,
    };
    const home = assembleHome(session, rows, readForcedContractId(forced?.value));
    const contractId = home.selectedContractId;
    if (contractId === null) return { home, usage: null };
    const [summary, usageMeta] = (await Promise.all([
      get('usageSummaries', [contractId, 'current']),
      get('meta', resourceKeys.usageSummary(customerId, contractId, 'current')),
    ])) as [UsageSummaryRow | null, MetaRow | null];
    return { home, usage: { customerId, contractId, ...currentUsageOf(summary ?? undefined, usageMeta?.fetchedAt) } };
  });

/**
 * Home's stored rows for its first frame (lib/first-frame.ts), read while the route loads: the customer, the
 * contracts and the selected contract's usage. An offline start then paints home complete in one render.
 */
export const readHomeFirstFrame = async (): Promise<void> => {
  // A first visit's page: its answers are stored by the route's guard first (lib/first-answers.ts).
  await whenFirstAnswersStored();
  const peeked = await peekHome();
  if (peeked) {
    keepValueForFirstFrame(homeFrameKey, { data: peeked.home });
    if (peeked.usage) keepValueForFirstFrame(usageFrameKey(peeked.usage.customerId, peeked.usage.contractId), { data: peeked.usage.data });
    return;
  }
  const home = await keepForFirstFrame(homeFrameKey, readHome);
  const data = home?.data;
  if (!data || data.selectedContractId === null) return;
  const { customerId } = data.session;
  const contractId = data.selectedContractId;
  await keepForFirstFrame(usageFrameKey(customerId, contractId), () => readContractUsage(customerId, contractId));
};
