import { useLiveQuery } from 'dexie-react-hooks';
import { contractBlockages, orderRefusal, type Blockage, type OrderRefusal } from '#contract/contract-state';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { pullInvoiceSituation } from '#data/invoice-situation-pull';
import { pullOpenOrders } from '#data/orders-pull';
import { pullContractProducts, pullPodium, pullProductOptions } from '#data/products-pull';
import { pullContractPromotions, pullProductPromotions } from '#data/promotions-pull';
import { readForcedContractId, selectedContractKey, setSelectedContract } from '#data/selected-contract';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractOptionRow, ContractRow, OrderLineRow, ProductOptionRow, ProductRow, PromotionRow, SessionRow } from '#db/schema';
import { canSwitchContract, selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull, type PullCallOptions } from '#lib/use-pull';

export type { ContractOptionRow, ContractRow, OrderLineRow,  ProductRow, PromotionRow };

export type SubscriptionData = {
  session: SessionRow;
  customerId: number;
  /** docs/product/roles.md "Plain user": sees the subscription, cannot change it (contacts the account holder). */
  plainUser: boolean;
  contracts: ContractRow[];
  contract: ContractRow | undefined;
  switchable: boolean;
  /** The line's base product and its options (each with its count), from the products pull. */
  product: ProductRow | undefined;
  options: ContractOptionRow[];
  promotions: PromotionRow[];
  totals: { percentage: number; amount: number };
  /** The line's order lines still PENDING or QUEUED; empty for a plain user (who cannot see orders). */
  openLines: OrderLineRow[];
  /** The open lines were fetched at least once (or there is nothing to fetch: a plain user). */
  openLinesKnown: boolean;
  /**
   * The customer owes money (docs/product/subscription.md "Who may change a subscription": makes a credit block an
   * unpaid balance).
   */
  openBalance: boolean;
  blockages: Blockage[];
  /** Why a change of plan or options would be refused now; null when allowed. */
  refusal: OrderRefusal | null;
  podium: { segment: 'residential' | 'professional'; products: ProductRow[] } | undefined;
  /** When the line's products were fetched (what the screen shows first). */
  fetchedAt: number | undefined;
  /** When the customer and its contracts were fetched: until then, "no line" cannot be told from "not loaded". */
  customerFetchedAt: number | undefined;
};

/**
 * Everything the subscription of the selected line needs, in one pull: the customer (its contracts), the line's
 * products and promotions, the podium, and, for an owner or admin, the open orders and the invoice situation.
 * Every part is tried even when another fails; the first failure is reported.
 */
export const pullSubscription = async (customerId: number, contractId: number | null, plain: boolean, options: PullCallOptions): Promise<void> => {
  await pullCustomer(customerId, options);
  if (contractId === null) return;
  const results = await Promise.allSettled([
    pullContractProducts(customerId, contractId, options),
    pullContractPromotions(customerId, contractId, options),
    pullPodium(customerId, options),
    ...(plain ? [] : [pullOpenOrders(customerId, contractId, options), pullInvoiceSituation(customerId, options)]),
  ]);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
};

/**
 * The selected line's subscription, from Dexie (docs/product/subscription.md "The subscription screen": it loads
 * products and promotions); pulls what is older than 15 minutes. Offline: the stored rows with their age; a failed
 * refresh is reported, nothing is lost.
 */
export const useSubscriptionData = () => {
  const result: LiveResult<SubscriptionData | null> = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const plainUser = isPlainUser(session);
      const [all, forced, situation, podiumRow, customerMeta] = await Promise.all([
        db.contracts.where('customerId').equals(customerId).sortBy('position'),
        db.prefs.get(selectedContractKey),
        db.invoiceSituations.get(customerId),
        db.podiums.get(customerId),
        db.meta.get(resourceKeys.customer(customerId)),
      ]);
      const contracts = plainUser ? all.filter((c) => c.msisdn === session.msisdn) : all;
      const id = selectContract({ contracts, isPlainUser: plainUser, userMsisdn: session.msisdn, forcedContractId: readForcedContractId(forced?.value) });
      const contract = contracts.find((c) => c.id === id);
      const [options, promotionsRow, openRow, meta] = contract
        ? await Promise.all([
            db.contractOptions.where('contractId').equals(contract.id).toArray(),
            db.contractPromotions.get(contract.id),
            db.openOrders.get(contract.id),
            db.meta.get(resourceKeys.products(customerId, contract.id)),
          ])
        : [[], undefined, undefined, undefined];
      const [product, promotions, podiumProducts] = await Promise.all([
        contract?.baseProductId ? db.products.get(contract.baseProductId) : undefined,
        db.promotions.bulkGet(promotionsRow?.promotionIds ?? []),
        db.products.bulkGet(podiumRow?.productIds ?? []),
      ]);
      const openLines = plainUser ? [] : (openRow?.lines ?? []);
      const openBalance = situation?.isInDebt ?? false;
      const facts = contract
        ? {
            status: contract.status,
            subStatus: contract.subStatus,
            dunningLevelReached: contract.dunningLevelReached,
            fraudulentBehaviour: contract.fraudulentBehaviour,
          }
        : null;
      const data: SubscriptionData = {
        session,
        customerId,
        plainUser,
        contracts,
        contract,
        switchable: canSwitchContract(plainUser, contracts.length),
        product,
        options,
        promotions: promotions.filter((p): p is PromotionRow => p !== undefined),
        totals: { percentage: promotionsRow?.percentage ?? 0, amount: promotionsRow?.amount ?? 0 },
        openLines,
        openLinesKnown: plainUser || openRow !== undefined,
        openBalance,
        blockages: facts ? contractBlockages(facts, openBalance) : [],
        refusal: facts ? orderRefusal({ contract: facts, plainUser, openBalance, openLines }) : null,
        podium: podiumRow
          ? { segment: podiumRow.segment, products: podiumProducts.filter((p): p is ProductRow => p !== undefined) }
          : undefined,
        fetchedAt: meta?.fetchedAt,
        customerFetchedAt: customerMeta?.fetchedAt,
      };
      return { data };
    }, []),
  );
  const data = result.status === 'ready' ? result.data : null;
  const { refresh, refreshError, settled } = usePull(
    data ? [data.customerId, data.contract?.id ?? null, data.plainUser] : null,
    pullSubscription,
  );
  return { result, refresh, refreshError, settled, select: setSelectedContract };
};

/** The options and promotions of a plan the line may move to (the optimize screen's choice). */
const pullPlanChoice = async (productId: number, options: PullCallOptions): Promise<void> => {
  const results = await Promise.allSettled([pullProductOptions(productId, options), pullProductPromotions(productId, options)]);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
};

/**
 * The options offered with each given base product and its promotions, from Dexie; pulls them when older than 15
 * minutes. Offline: what is stored (a plan never looked at online has no options yet: `missing` lists it).
 */
export const usePlanChoices = (productIds: readonly number[]) => {
  const key = [...productIds].sort((a, b) => a - b).join(',');
  const choices = useLiveQuery(async () => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    const [options, promotions, metas] = await Promise.all([
      db.productOptions.where('productId').anyOf(ids).toArray(),
      db.promotions.where('productId').anyOf(ids).toArray(),
      Promise.all(ids.map((id) => db.meta.get(resourceKeys.productOptions(id)))),
    ]);
    return { key, options, promotions, missing: ids.filter((_, i) => metas[i] === undefined) };
  }, [key]);
  usePull(key === '' ? null : [key], pullChoices);
  // Right after the products change, the live query still holds the previous products' answer.
  return choices && choices.key === key
    ? choices
    : { key, options: [] as ProductOptionRow[], promotions: [] as PromotionRow[], missing: key === '' ? [] : key.split(',').map(Number) };
};

const pullChoices = async (key: string, options: PullCallOptions): Promise<void> => {
  const results = await Promise.allSettled(key.split(',').map((id) => pullPlanChoice(Number(id), options)));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
};
