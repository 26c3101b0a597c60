import { useLiveQuery } from 'dexie-react-hooks';
import { apiBases } from '#api/client';
import { endpointUrl, endpoints, fillPath } from '#contract/endpoints';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { readForcedContractId, selectedContractKey, setSelectedContract } from '#data/selected-contract';
import { cyclePeriodKey, pullUsageSummary, type UsagePeriod } from '#data/usage-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, SessionRow, UsageSummaryRow } from '#db/schema';
import { canSwitchContract, selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull, type PullCallOptions } from '#lib/use-pull';
import { earlierBillOf, type PeriodChoice } from './period.ts';

export type { UsageSummaryRow };

export type ConsumptionContext = {
  session: SessionRow;
  contracts: ContractRow[];
  contract: ContractRow | undefined;
  switchable: boolean;
  current: UsageSummaryRow | undefined;
  previous: UsageSummaryRow | undefined;
  /** The chosen range when it is an earlier closed bill (an older invoice's records): its summary, rated as billed. */
  earlier: UsageSummaryRow | undefined;
  /** Its key ('cycle:<first day>'); null when the period is not such a bill. */
  earlierKey: UsagePeriod | null;
  currentFetchedAt: number | undefined;
  previousFetchedAt: number | undefined;
};

/** The customer (its contracts), then the selected contract's current and previous summaries. */
const pullConsumption = async (
  customerId: number,
  contractId: number | null,
  earlier: UsagePeriod | null,
  options: PullCallOptions,
): Promise<void> => {
  await pullCustomer(customerId, options);
  if (contractId === null) return;
  await Promise.all([
    pullUsageSummary(customerId, contractId, 'current', options),
    pullUsageSummary(customerId, contractId, 'previous', options),
    earlier === null ? null : pullUsageSummary(customerId, contractId, earlier, options),
  ]);
};

/**
 * The session, the contracts the user may see, the selected one (docs/product/home.md "Which line is shown") and its
 * current and previous usage summaries, from Dexie; pulls what is older than 15 minutes. Offline: the stored rows
 * with their age; a failed refresh is reported, nothing is lost.
 */
export const useConsumption = (choice: PeriodChoice) => {
  // A range that is exactly an earlier closed bill of the line (an older invoice's cause links to it) is rated as billed.
  const rangeKey = choice.kind === 'range' ? `${choice.from}|${choice.to}` : null;
  const result: LiveResult<ConsumptionContext | null> = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [all, forced] = await Promise.all([
        db.contracts.where('customerId').equals(customerId).sortBy('position'),
        db.prefs.get(selectedContractKey),
      ]);
      const isPlain = isPlainUser(session);
      const contracts = isPlain ? all.filter((c) => c.msisdn === session.msisdn) : all;
      const id = selectContract({ contracts, isPlainUser: isPlain, userMsisdn: session.msisdn, forcedContractId: readForcedContractId(forced?.value) });
      const contract = contracts.find((c) => c.id === id);
      const [from, to] = rangeKey?.split('|') ?? [];
      const bill = contract && from && to ? earlierBillOf({ from, to }, contract.billCycle, new Date()) : null;
      const earlierKey = bill === null ? null : cyclePeriodKey(bill);
      const [current, previous, currentMeta, previousMeta, earlier] = contract
        ? await Promise.all([
            db.usageSummaries.get([contract.id, 'current']),
            db.usageSummaries.get([contract.id, 'previous']),
            db.meta.get(resourceKeys.usageSummary(customerId, contract.id, 'current')),
            db.meta.get(resourceKeys.usageSummary(customerId, contract.id, 'previous')),
            earlierKey === null ? undefined : db.usageSummaries.get([contract.id, earlierKey]),
          ])
        : [undefined, undefined, undefined, undefined, undefined];
      return {
        data: {
          session,
          contracts,
          contract,
          switchable: canSwitchContract(isPlain, contracts.length),
          current,
          previous,
          earlier,
          earlierKey,
          currentFetchedAt: currentMeta?.fetchedAt,
          previousFetchedAt: previousMeta?.fetchedAt,
        },
      };
    }, [rangeKey]),
  );

  const customerId = result.status === 'ready' ? (result.data?.session.customerId ?? null) : null;
  const contractId = result.status === 'ready' ? (result.data?.contract?.id ?? null) : null;

  const earlierKey = result.status === 'ready' ? (result.data?.earlierKey ?? null) : null;
  const { refresh, refreshError } = usePull(customerId === null ? null : [customerId, contractId, earlierKey], pullConsumption);

  return { result, error: refreshError, refresh, select: setSelectedContract };
};

/**
 * Where the browser downloads the consumption as PDF or CONSO (CSV): a same-origin link, so the session cookie goes
 * along and the browser saves the file itself. Online-only: the screens disable it offline.
 */
export const consumptionDownloadUrl = (customerId: number, contractId: number, type: 'PDF' | 'CONSO', from: string, to: string): string => {
  const path = fillPath(endpointUrl(endpoints.usageDownload, apiBases), { customerId, contractId });
  return `${path}?${new URLSearchParams({ type, from, to }).toString()}`;
};
