import { useLiveQuery } from 'dexie-react-hooks';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { cancelOrderLine } from '#data/order-actions';
import { pullOrderHistory } from '#data/orders-pull';
import { pullContractProducts } from '#data/products-pull';
import { readForcedContractId, selectedContractKey, setSelectedContract } from '#data/selected-contract';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, OrderLineRow, OrderPageRow } from '#db/schema';
import { canSwitchContract, selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull, type PullCallOptions } from '#lib/use-pull';

export type { ContractRow, OrderLineRow };

export type OrderHistoryData = {
  customerId: number;
  contracts: ContractRow[];
  contract: ContractRow | undefined;
  switchable: boolean;
  page: OrderPageRow | undefined;
  fetchedAt: number | undefined;
  pageNumber: number;
  /**
   * The customer (and with it the lines) has been stored: a line missing then is missing indeed. On a first visit
   * the history's pull runs for no line before the customer's answer is stored, and settles before this query has
   * read the lines it wrote.
   */
  customerFetched: boolean;
};

/**
 * /orders loads the products (docs/product/navigation.md, the route table): the line's plan and options with its
 * history, on the first visit and not only after a change, so the names of the plans ordered are on the device.
 */
const pullHistory = async (customerId: number, contractId: number | null, page: number, options: PullCallOptions): Promise<void> => {
  await pullCustomer(customerId, options);
  if (contractId === null) return;
  const [history, products] = await Promise.allSettled([
    pullOrderHistory(customerId, contractId, page, options),
    pullContractProducts(customerId, contractId, options),
  ]);
  if (history.status === 'rejected') throw history.reason;
  if (products.status === 'rejected') throw products.reason;
};

/**
 * One page of the selected line's order history (docs/product/roles.md "Route guards": owners and admins), from
 * Dexie; pulls it when older than 15 minutes. Offline: the stored page with its age (a page never opened online says
 * so).
 */
export const useOrderHistory = (page: number) => {
  const result: LiveResult<OrderHistoryData | null> = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null || isPlainUser(session)) return { data: null };
      const customerId = session.customerId;
      const [contracts, forced, customerMeta] = await Promise.all([
        db.contracts.where('customerId').equals(customerId).sortBy('position'),
        db.prefs.get(selectedContractKey),
        db.meta.get(resourceKeys.customer(customerId)),
      ]);
      const id = selectContract({ contracts, isPlainUser: false, userMsisdn: session.msisdn, forcedContractId: readForcedContractId(forced?.value) });
      const contract = contracts.find((c) => c.id === id);
      const [pageRow, meta] = contract
        ? await Promise.all([db.orderPages.get([contract.id, page]), db.meta.get(resourceKeys.orderHistory(customerId, contract.id, page))])
        : [undefined, undefined];
      return {
        data: {
          customerId,
          contracts,
          contract,
          switchable: canSwitchContract(false, contracts.length),
          page: pageRow,
          fetchedAt: meta?.fetchedAt,
          pageNumber: page,
          customerFetched: customerMeta !== undefined,
        },
      };
    }, [page]),
  );
  // Right after the page changes, the live query still holds the previous page's answer: not this page's.
  const data = result.status === 'ready' && result.data?.pageNumber === page ? result.data : null;
  const { refresh, refreshError, settled } = usePull(data ? [data.customerId, data.contract?.id ?? null, page] : null, pullHistory);
  return { data, refresh, refreshError, settled, select: setSelectedContract };
};

/** Cancels one change of an order (online only), not the order's others; the history and the open orders are fetched again. */
export const cancelOrderLineOf = (customerId: number, contractId: number, orderId: string, lineId: number): Promise<void> =>
  cancelOrderLine({ customerId, contractId }, orderId, lineId);
