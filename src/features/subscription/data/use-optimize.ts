import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { cycleDates } from '#contract/bill-cycle';
import { addDaysToDate } from '#contract/calendar';
import { optimizeRedirect } from '#contract/contract-state';
import type { OptimizeContext } from '#contract/orders';
import { countsAfterOrder, orderPricing, priceCounts, type OrderPricing, type PricedProduct } from '#contract/pricing';
import { isoLocalDate, localDayStart } from '#lib/usage-format';
import { pullOrderHistory } from '#data/orders-pull';
import { db } from '#db/db';
import { usePull, type PullCallOptions } from '#lib/use-pull';
import type { OrderLineRow, ProductRow } from '#db/schema';
import { saveDraft, useOptimizeDraft, type OptimizeDraft } from './optimize-draft.ts';
import {
  addsNothingTo,
  cancellableOptionOrders,
  changeLines,
  optimizeContext,
  optionEditsThisMonthOnly,
  orderAction,
  pendingProductChange,
  pricedProductOf,
  promotionTermsOf,
  sameSelection,
  selectionOf,
  sortOptions,
  startSelection,
  countOf,
  waitingChangesOf,
  type ChangeLine,
  type OrderAction,
  type Selection,
} from './subscription-rules.ts';
import type { AllowanceZone } from '#contract/rating';
import { usePlanChoices, useSubscriptionData, type SubscriptionData } from './use-subscription.ts';

/** One option as the optimize form shows it. */
export type OptionChoice = {
  optionId: number;
  name: string;
  descriptions: { fr: string; nl: string; en: string };
  priceCents: number;
  dataMb: number;
  zone: AllowanceZone;
  maxCombinations: number;
  /** Offered with the chosen plan; an option that is not can only be removed. */
  enabled: boolean;
  count: number;
};

export type OptimizeModel = {
  data: SubscriptionData;
  contractId: number;
  context: OptimizeContext;
  /** The line as it is, the form as it started, and the customer's choice. */
  current: Selection;
  start: Selection;
  draft: OptimizeDraft;
  pending: { orderId: string; productId: number | null } | null;
  /** The plans to choose from: the podium, and the line's own plan if it left the podium. */
  plans: ProductRow[];
  options: OptionChoice[];
  action: OrderAction;
  /** What the confirmation changes and when (from the action's request). */
  changes: ChangeLine[];
  /**
   * The order's price line by line (contract/pricing.ts, the server's and the e-mail's figures): the monthly price
   * now and once it has taken effect, from when, and this cycle's pro rata; null while a price is not on the device.
   */
  pricing: OrderPricing | null;
  /** Other orders whose waiting changes the new monthly price includes. */
  waitingOrders: string[];
  /** The first day of the next bill cycle, when waiting changes take effect. */
  nextCycleStart: Date | null;
  cancellableOrders: { orderId: string; lines: OrderLineRow[] }[];
  productName: (id: number) => string;
  optionName: (id: number) => string;
};

export type OptimizeState =
  | { status: 'loading' }
  /** Offline (or the server unreachable) and this line's subscription never stored here: nothing to show yet. */
  | { status: 'notLoaded' }
  | { status: 'noLine' }
  | { status: 'refused'; refusal: NonNullable<SubscriptionData['refusal']> }
  | { status: 'ready'; model: OptimizeModel };

/** The options: those of the chosen plan (the line's own list when it keeps its plan), plus any the line holds. */
const optionChoicesOf = (
  data: SubscriptionData,
  choices: ReturnType<typeof usePlanChoices>,
  productId: number,
  chosen: ProductRow,
  draftOptions: Selection['options'],
): OptionChoice[] => {
  const chosenId = chosen.id;
  const offered = (
    chosenId === productId
      ? data.options.map((o) => ({ ...o, offered: true }))
      : choices.options.filter((o) => o.productId === chosenId).map((o) => ({ ...o, offered: true }))
  ).filter((o) => !addsNothingTo(chosen, o));
  const held = data.options.filter((o) => countOf(o.active) > 0 && !offered.some((x) => x.optionId === o.optionId));
  return sortOptions(
    [...offered, ...held.map((o) => ({ ...o, offered: false }))].map(
      (o): OptionChoice => ({
        optionId: o.optionId,
        name: o.name,
        descriptions: o.descriptions,
        priceCents: o.priceCents,
        dataMb: o.dataMb,
        zone: o.zone,
        maxCombinations: o.maxCombinations,
        enabled: o.offered,
        count: draftOptions[String(o.optionId)] ?? 0,
      }),
    ),
  );
};

/**
 * The optimize form and its summary (docs/product/subscription.md "The optimize screen", "Optimize contexts",
 * "Order rules") over the selected line's data: where the form starts, the customer's draft (kept in Dexie), the
 * options of the chosen plan in their order, what confirming would do, and the prices before and after. The draft is
 * (re)started from the line when there is none or the line changed since it was made. Offline: everything from Dexie;
 * only the confirmation needs the network.
 */
export const useOptimize = ({ viewingClosedOrder }: { viewingClosedOrder: boolean }) => {
  const subscription = useSubscriptionData();
  const data = subscription.result.status === 'ready' ? subscription.result.data : null;
  const contract = data?.contract;
  const stored = useOptimizeDraft(contract?.id ?? null);
  const product = data?.product;
  const counted = data ? data.options.map((o) => ({ optionId: o.optionId, count: countOf(o.active) })) : [];
  const current = product ? selectionOf(product.id, counted) : null;
  const start = current && data ? startSelection(current, data.openLines) : null;
  const context: OptimizeContext | null = data
    ? optimizeContext({ openLines: data.openLines, viewingClosedOrder, prefilled: stored?.context === 'EditOptimizeSubscription' })
    : null;
  const pending = data ? pendingProductChange(data.openLines) : null;
  const ready = data !== null && contract !== undefined && current !== null && data.openLinesKnown && stored !== undefined;
  const draftMatches = stored !== null && stored !== undefined && start !== null && sameSelection(stored.start, start);
  const chosenProduct = draftMatches ? stored.draft.product : (start?.product ?? null);
  const choices = usePlanChoices(chosenProduct !== null && chosenProduct !== product?.id ? [chosenProduct] : []);
  const closed = viewingClosedOrder;

  // A new draft when there is none, or when the line changed since the stored one was made.
  const startKey = start ? JSON.stringify(start) : null;
  useEffect(() => {
    if (!ready || closed || draftMatches || !contract || startKey === null || context === null) return;
    const begin = JSON.parse(startKey) as Selection;
    void saveDraft({
      contractId: contract.id,
      start: begin,
      draft: begin,
      context: context === 'EditOptimizeSubscription' ? 'EditNewOrder' : context,
      orderPendingId: pending?.orderId ?? null,
    });
  }, [ready, closed, draftMatches, contract, startKey, context, pending?.orderId]);

  const state = ((): OptimizeState => {
    // The guard of docs/product/navigation.md judges the line only once the data it judges is here: right after a
    // login on a new device the contracts are still on their way, and "no line" must not send a deep link home.
    if (!data) return { status: 'loading' };
    const failed = subscription.settled && subscription.refreshError !== null && subscription.refreshError !== undefined;
    if (!contract) {
      if (data.customerFetchedAt !== undefined && subscription.settled) return { status: 'noLine' };
      return failed ? { status: 'notLoaded' } : { status: 'loading' };
    }
    if (optimizeRedirect(data.refusal, viewingClosedOrder) && data.refusal) return { status: 'refused', refusal: data.refusal };
    // Missing parts the failed pull would have brought (the open orders, the plan): not loaded, whatever else is
    // stored (home stores the line's products, never its open orders), instead of loading for ever offline.
    if (!ready || !product || !current || !start || context === null)
      return failed && stored !== undefined ? { status: 'notLoaded' } : { status: 'loading' };
    if (!draftMatches && !closed) return { status: 'loading' };
    const draft: OptimizeDraft = draftMatches
      ? stored
      : { contractId: contract.id, start, draft: start, context, orderPendingId: pending?.orderId ?? null, idempotencyKey: '' };
    const podium = data.podium?.products ?? [];
    const plans = podium.some((p) => p.id === product.id) ? podium : [product, ...podium];
    const chosen = plans.find((p) => p.id === draft.draft.product) ?? product;

    const options = optionChoicesOf(data, choices, product.id, chosen, draft.draft.options);
    const action = orderAction({ current, start, draft: draft.draft, pending });
    const thisMonthOnly = optionEditsThisMonthOnly(data.openLines, action.kind === 'modify' ? action.orderId : null);
    const changes = action.kind === 'unchanged' ? [] : changeLines(current, action.request, thisMonthOnly);
    // The order's price from the device's catalogue, with the rule the server applies when it stores the order.
    const catalogue = new Map<number, PricedProduct>();
    for (const plan of plans) catalogue.set(plan.id, pricedProductOf(plan, plan.id));
    for (const option of [...data.options, ...choices.options]) catalogue.set(option.optionId, pricedProductOf(option, option.optionId));
    const today = isoLocalDate(new Date());
    const cycle = contract.billCycle ? cycleDates(contract.billCycle, today) : null;
    const exceptOrder = action.kind === 'modify' ? action.orderId : null;
    const pricing = ((): OrderPricing | null => {
      if (action.kind === 'unchanged' || !cycle) return null;
      const counts = countsAfterOrder({
        current: { plan: current.product, options: Object.fromEntries(Object.entries(current.options).map(([id, n]) => [Number(id), n])) },
        waiting: waitingChangesOf(data.openLines, exceptOrder),
        request: action.request,
        optionTiming: thisMonthOnly ? 'today' : 'nextCycle',
      });
      const productOf = (id: number) => catalogue.get(id);
      const now = priceCounts({ plan: current.product, options: Object.fromEntries(Object.entries(current.options).map(([id, n]) => [Number(id), n])) }, productOf);
      const afterToday = counts.afterToday && priceCounts(counts.afterToday, productOf);
      const after = priceCounts(counts.after, productOf);
      if (!now || !after || (counts.afterToday !== null && !afterToday)) return null;
      const promotions = promotionTermsOf([...data.promotions, ...choices.promotions]);
      return orderPricing({ contractId: contract.id, promotions, current: now, afterToday: afterToday ?? null, after, today, cycle });
    })();
    const waitingOrders = [
      ...new Set(
        data.openLines
          .filter((l) => l.status === 'PENDING' && (l.kind === 'PRODUCT' || l.kind === 'OPTION') && l.orderId !== exceptOrder)
          .map((l) => l.orderId),
      ),
    ];
    const nextCycleStart = cycle ? new Date(localDayStart(addDaysToDate(cycle.end, 1))) : null;
    const cancellableOrders = cancellableOptionOrders(data.openLines, pending?.orderId ?? null).map((orderId) => ({
      orderId,
      lines: data.openLines.filter((l) => l.orderId === orderId),
    }));
    const productName = (id: number) => plans.find((p) => p.id === id)?.name ?? String(id);
    const optionName = (id: number) =>
      options.find((o) => o.optionId === id)?.name ?? data.options.find((o) => o.optionId === id)?.name ?? String(id);
    return {
      status: 'ready',
      model: {
        data,
        contractId: contract.id,
        context,
        current,
        start,
        draft,
        pending,
        plans,
        options,
        action,
        changes,
        pricing,
        waitingOrders,
        nextCycleStart,
        cancellableOrders,
        productName,
        optionName,
      },
    };
  })();

  return { state, refresh: subscription.refresh, refreshError: subscription.refreshError };
};

/** Changes the customer's choice in the draft (kept in Dexie: a reload loses nothing). */
export const updateDraft = (model: OptimizeModel, next: Selection): Promise<void> =>
  saveDraft({ contractId: model.contractId, start: model.start, draft: next, context: model.draft.context, orderPendingId: model.pending?.orderId ?? null });

/**
 * Fetches the history pages of the line, newest first, until one holds the order (or the last page): a closed order's
 * link (`/subscription/optimize?order=O-…`) opened directly, before the history was ever loaded on this device.
 */
const findClosedOrder = async (customerId: number, contractId: number, orderId: string, options: PullCallOptions): Promise<void> => {
  for (let page = 1; page <= 40; page++) {
    await pullOrderHistory(customerId, contractId, page, options);
    const stored = await db.orderPages.get([contractId, page]);
    if (!stored || stored.lines.some((line) => line.orderId === orderId) || page >= stored.lastPage) return;
  }
};

export type ClosedOrderState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; lines: OrderLineRow[] };

/**
 * The lines of a closed order of the line (SeeClosedOrder): from the stored history pages, fetched when they do not
 * hold it yet. "Missing" only once the history was asked for and does not hold it (or cannot be had: offline).
 */
export const useClosedOrder = (customerId: number | null, contractId: number | null, orderId: string | null): ClosedOrderState => {
  const lines = useLiveQuery(async () => {
    if (contractId === null || orderId === null) return [];
    const pages = await db.orderPages.where('contractId').equals(contractId).toArray();
    const seen = new Set<number>();
    return pages
      .flatMap((page) => page.lines)
      .filter((line) => line.orderId === orderId && !seen.has(line.id) && seen.add(line.id));
  }, [contractId, orderId]);
  const found = lines !== undefined && lines.length > 0;
  const { settled } = usePull(customerId === null || contractId === null || orderId === null || found ? null : [customerId, contractId, orderId], findClosedOrder);
  if (lines === undefined) return { status: 'loading' };
  if (found) return { status: 'ready', lines };
  return settled ? { status: 'missing' } : { status: 'loading' };
};
