import type { OptimizeContext, OrderRequest } from '#contract/orders';
import type { PricedProduct, PromotionTerms, Subscription, WaitingChange } from '#contract/pricing';
import type { OrderRefusal } from '#contract/contract-state';
import { BYTES_PER_MB, bundleOf, type AllowanceZone } from '#contract/rating';
import type { ContractRow, OrderLineRow, ProductRow, PromotionRow, UsageCycleRow } from '#db/schema';
import { isoLocalDate, localDayStart } from '#lib/usage-format';
import { MAX_CYCLES, type CycleUsage } from '#workers/plan-fit';

/*
 * The pure rules of the subscription screens (docs/product/subscription.md "Products and options", "Promotions",
 * "The optimize screen", "Optimize contexts", "Order rules"), tested as tables. No Dexie, no React: the hooks feed
 * them rows.
 */

// ---------------------------------------------------------------------------------------------------------------
// Volumes and prices
// ---------------------------------------------------------------------------------------------------------------

/** What an option brings (its data, in its zone), with how many times it is taken. */
export type CountedOption = { optionId: number; priceCents: number; dataMb: number; zone: AllowanceZone; count: number };

export type Volumes = { dataMb: number; voiceMinutes: number; smsCount: number };

/**
 * docs/product/subscription.md "Products and options": the total volume is the base plus the options (× their count);
 * 0 means unlimited, and an unlimited base stays unlimited whatever the options add. The bundle of the rating model
 * (contract/rating.ts `bundleOf`): only domestic options add to it (Roaming World and International 60 have
 * allowances of their own), so the volumes shown here are the ones the balances count against.
 */
export const totalVolumes = (product: Pick<ProductRow, 'dataMb' | 'voiceMinutes' | 'smsCount'>, options: readonly CountedOption[]): Volumes => {
  const { domestic } = bundleOf(
    product,
    options.map((o) => ({ dataMb: o.dataMb, voiceMinutes: 0, smsCount: 0, zone: o.zone, count: o.count })),
  );
  return {
    dataMb: domestic.data === null ? 0 : domestic.data / BYTES_PER_MB,
    voiceMinutes: domestic.call === null ? 0 : domestic.call / 60,
    smsCount: domestic.sms ?? 0,
  };
};

/** The data the line's domestic options add to its bundle, MB. */
export const optionDataMbOf = (options: readonly CountedOption[]): number =>
  options.reduce((sum, o) => (o.zone === 'domestic' ? sum + o.dataMb * o.count : sum), 0);

/** A line's count of an option: a boolean for options taken once at most, a number for counted (data) options. */
export const countOf = (active: boolean | number): number => (typeof active === 'number' ? active : active ? 1 : 0);

/**
 * The promotions stored on the device as contract/pricing.ts takes them (the one pricing of the summary, the server,
 * its e-mails and the invoices), each once.
 */
export const promotionTermsOf = (rows: readonly PromotionRow[]): PromotionTerms[] => [
  ...new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        productId: row.productId,
        contractId: row.contractId,
        type: row.discountType,
        amount: row.discountAmount,
        label: row.descriptions,
      } satisfies PromotionTerms,
    ]),
  ).values(),
];

/** A line's plan and options with their prices, for contract/pricing.ts `monthlyCharges`. */
export const subscriptionOf = (
  plan: Pick<ProductRow, 'id' | 'name' | 'priceCents'>,
  options: readonly { optionId: number; name: string; priceCents: number; count: number }[],
): Subscription => ({
  plan: { id: plan.id, name: plan.name, price: plan.priceCents },
  options: options.filter((o) => o.count > 0).map((o) => ({ id: o.optionId, name: o.name, price: o.priceCents, count: o.count })),
});

/** A product of the device's catalogue as pricing names and prices it. */
export const pricedProductOf = (row: { name: string; priceCents: number }, id: number): PricedProduct => ({
  id,
  name: row.name,
  price: row.priceCents,
});

/** The plan and option changes still waiting in the line's orders, except `exceptOrderId`'s (the one being modified). */
export const waitingChangesOf = (openLines: readonly OpenLineOfOrder[], exceptOrderId: string | null): WaitingChange[] =>
  openLines
    .filter((l) => l.status === 'PENDING' && (l.kind === 'PRODUCT' || l.kind === 'OPTION') && l.orderId !== exceptOrderId)
    .sort((a, b) => (a.scheduledDate ?? '').localeCompare(b.scheduledDate ?? '') || a.id - b.id)
    .map((l) => ({ kind: l.kind as 'PRODUCT' | 'OPTION', resourceId: l.resourceId, newValue: l.newValue }));

type OpenLineOfOrder = Pick<OrderLineRow, 'id' | 'orderId' | 'kind' | 'status' | 'resourceId' | 'newValue' | 'scheduledDate'>;

// ---------------------------------------------------------------------------------------------------------------
// Option order (docs/product/subscription.md "Option order on the optimize screen")
// ---------------------------------------------------------------------------------------------------------------

export type SortableOption = { optionId: number; priceCents: number; maxCombinations: number; enabled: boolean };

/**
 * The options' order on the optimize screen. Read as: the options that can be taken with the chosen plan
 * (enabled) that may be taken several times come first, by price descending (the big data packs before the small
 * ones); the unique options (max_combinations 1) follow, by price ascending; options the chosen plan does not offer
 * (shown only because the line holds them, to be removed) come last, in the same two groups. Ties keep the id order.
 */
export const sortOptions = <T extends SortableOption>(options: readonly T[]): T[] => {
  const group = (o: T) => (o.enabled ? 0 : 2) + (o.maxCombinations > 1 ? 0 : 1);
  return [...options].sort((a, b) => {
    const byGroup = group(a) - group(b);
    if (byGroup !== 0) return byGroup;
    const byPrice = a.maxCombinations > 1 ? b.priceCents - a.priceCents : a.priceCents - b.priceCents;
    return byPrice !== 0 ? byPrice : a.optionId - b.optionId;
  });
};

// ---------------------------------------------------------------------------------------------------------------
// Optimize contexts (docs/product/subscription.md "Optimize contexts")
// ---------------------------------------------------------------------------------------------------------------

type OpenLine = Pick<OrderLineRow, 'orderId' | 'kind' | 'status' | 'isCancellable' | 'resourceId' | 'newValue'>;

/** The pending plan change of the line, if any: its order and the product it moves to. */
export const pendingProductChange = (openLines: readonly OpenLine[]): { orderId: string; productId: number | null } | null => {
  const line = openLines.find((l) => l.kind === 'PRODUCT' && l.status === 'PENDING');
  return line ? { orderId: line.orderId, productId: line.resourceId } : null;
};

/**
 * docs/product/subscription.md "Order rules": a pending option order can be cancelled if it belongs to an order other
 * than the current pending one:
 * the orders with a cancellable option line still PENDING, except `currentPendingOrderId` (the plan change being
 * edited, whose options are edited with it).
 */
export const cancellableOptionOrders = (openLines: readonly OpenLine[], currentPendingOrderId: string | null): string[] => [
  ...new Set(
    openLines
      .filter((l) => l.kind === 'OPTION' && l.status === 'PENDING' && l.isCancellable && l.orderId !== currentPendingOrderId)
      .map((l) => l.orderId),
  ),
];

/**
 * docs/product/subscription.md "Order rules": while an option order is pending, further option edits apply only to
 * the current month.
 */
export const optionEditsThisMonthOnly = (openLines: readonly OpenLine[], currentPendingOrderId: string | null): boolean =>
  openLines.some((l) => l.kind === 'OPTION' && l.status === 'PENDING' && l.orderId !== currentPendingOrderId);

export type ContextInput = {
  openLines: readonly OpenLine[];
  /** The screen shows a closed order of the history (read only). */
  viewingClosedOrder: boolean;
  /** The form was opened pre-filled with a plan to optimize to ("which plan fits me"). */
  prefilled: boolean;
};

/**
 * The five contexts of docs/product/subscription.md "Optimize contexts":
 * - SeeClosedOrder: a closed order shown as it was, nothing to edit;
 * - EditPendingOrder: a plan change waits for its date; the form starts from it and edits it;
 * - CancelOptionPending: an option order (of another order) waits; it can be cancelled, and option edits apply to
 *   the current month only;
 * - EditOptimizeSubscription: the form was opened with a suggested plan;
 * - EditNewOrder: nothing waits (the default).
 */
export const optimizeContext = ({ openLines, viewingClosedOrder, prefilled }: ContextInput): OptimizeContext => {
  if (viewingClosedOrder) return 'SeeClosedOrder';
  const pending = pendingProductChange(openLines);
  if (pending) return 'EditPendingOrder';
  if (cancellableOptionOrders(openLines, null).length > 0) return 'CancelOptionPending';
  if (prefilled) return 'EditOptimizeSubscription';
  return 'EditNewOrder';
};

// ---------------------------------------------------------------------------------------------------------------
// The draft and what confirming it does
// ---------------------------------------------------------------------------------------------------------------

/** A subscription as the form holds it: the base product and the count of each option (0 = not taken). */
export type Selection = { product: number; options: Record<string, number> };

export const selectionOf = (product: number, options: readonly { optionId: number; count: number }[]): Selection => ({
  product,
  options: Object.fromEntries(options.filter((o) => o.count > 0).map((o) => [String(o.optionId), o.count])),
});

const countIn = (selection: Selection, optionId: string): number => selection.options[optionId] ?? 0;

/** Options whose count differs between two selections, with the count in `to`. */
export const changedOptions = (from: Selection, to: Selection): { id: number; combinations: number }[] => {
  const ids = new Set([...Object.keys(from.options), ...Object.keys(to.options)]);
  return [...ids]
    .filter((id) => countIn(from, id) !== countIn(to, id))
    .map((id) => ({ id: Number(id), combinations: countIn(to, id) }))
    .sort((a, b) => a.id - b.id);
};

export const sameSelection = (a: Selection, b: Selection): boolean => a.product === b.product && changedOptions(a, b).length === 0;

export type OrderAction =
  | { kind: 'unchanged' }
  | { kind: 'create'; request: OrderRequest }
  | { kind: 'modify'; orderId: string; request: OrderRequest };

/**
 * What confirming the form does (docs/product/subscription.md "Order rules": an order is modified rather than created
 * when a pending plan change exists and the plan differs, otherwise a new order is created; an unchanged form says
 * that the subscription was not changed):
 * - the form as it started (`start`): unchanged;
 * - a pending plan change and another product chosen: that order is modified into the chosen plan and options (the
 *   server replaces its option lines);
 * - otherwise a new order, of what the customer changed since the form started: with a pending plan change kept, the
 *   new order leaves the plan as it is now (the pending order changes it) and carries the options changed.
 */
export const orderAction = (input: {
  current: Selection;
  start: Selection;
  draft: Selection;
  pending: { orderId: string; productId: number | null } | null;
}): OrderAction => {
  const { current, start, draft, pending } = input;
  if (sameSelection(start, draft)) return { kind: 'unchanged' };
  if (pending && draft.product !== pending.productId) {
    return {
      kind: 'modify',
      orderId: pending.orderId,
      request: { product: draft.product, options: changedOptions(current, draft) },
    };
  }
  const keepsPendingPlan = pending !== null && draft.product === pending.productId;
  return {
    kind: 'create',
    request: { product: keepsPendingPlan ? current.product : draft.product, options: changedOptions(start, draft) },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// When a change takes effect
// ---------------------------------------------------------------------------------------------------------------

export type ChangeLine =
  | { kind: 'product'; from: number; to: number; when: 'nextCycle' }
  | { kind: 'option'; optionId: number; from: number; to: number; when: 'nextCycle' | 'thisMonth' };

/**
 * The changes a confirmation asks for and when each takes effect, as the server schedules them: a plan change and
 * option changes at the start of the next bill cycle, except option changes made while another option order waits,
 * which apply to the current month only (docs/product/subscription.md "Order rules", "When a change takes effect").
 */
export const changeLines = (
  current: Selection,
  request: { product: number; options: readonly { id: number; combinations: number }[] },
  thisMonthOnly: boolean): ChangeLine[] => {
  const lines: ChangeLine[] = [];
  if (request.product !== current.product) lines.push({ kind: 'product', from: current.product, to: request.product, when: 'nextCycle' });
  for (const option of request.options) {
    const from = countIn(current, String(option.id));
    if (from !== option.combinations) {
      lines.push({ kind: 'option', optionId: option.id, from, to: option.combinations, when: thisMonthOnly ? 'thisMonth' : 'nextCycle' });
    }
  }
  return lines;
};

/**
 * Where the optimize form starts (docs/product/subscription.md "Optimize contexts"): the line's subscription as it
 * is, or, with a plan change pending (EditPendingOrder), as that order will make it: its plan, and the counts its
 * option lines set.
 */
export const startSelection = (current: Selection, openLines: readonly OpenLine[]): Selection => {
  const pending = pendingProductChange(openLines);
  if (!pending || pending.productId === null) return current;
  const options = { ...current.options };
  for (const line of openLines) {
    if (line.orderId !== pending.orderId || line.kind !== 'OPTION' || line.status !== 'PENDING' || line.resourceId === null) continue;
    const count = Number(line.newValue);
    if (!Number.isInteger(count)) continue;
    if (count > 0) options[String(line.resourceId)] = count;
    else delete options[String(line.resourceId)];
  }
  return { product: pending.productId, options };
};

/**
 * "Which plan fits me" gives no advice on a line blocked for fraud, credit or a general problem, nor on one whose status
 * allows no change (docs/product/subscription.md): it could not be followed, and a blocked line's usage is not the
 * customer's normal use. An unpaid balance (dunning) is no such block: the comparison still tells what would cost less.
 */
export const adviceWithheld = (refusal: OrderRefusal | null): boolean =>
  refusal === 'fraud' || refusal === 'suspectedFraud' || refusal === 'credit' || refusal === 'general' || refusal === 'restricted';

/**
 * An option adds nothing to a plan (issue 43 point 14: "Extra 1 GB" offered on an unlimited plan) when it applies to
 * the national bundle and every volume it adds is one the plan has without limit (0 is unlimited on a base product).
 * Such an option is not offered; a line that holds it may still remove it.
 */
export const addsNothingTo = (
  plan: Pick<ProductRow, 'dataMb' | 'voiceMinutes' | 'smsCount'>,
  option: { dataMb: number; voiceMinutes: number; smsCount: number; zone: AllowanceZone },
): boolean =>
  option.zone === 'domestic' &&
  (option.dataMb === 0 || plan.dataMb === 0) &&
  (option.voiceMinutes === 0 || plan.voiceMinutes === 0) &&
  (option.smsCount === 0 || plan.smsCount === 0);

// ---------------------------------------------------------------------------------------------------------------
// Which plan fits me
// ---------------------------------------------------------------------------------------------------------------

/**
 * The completed bill cycles to judge on, from the stored cycle totals (GET …/usage/cycles, oldest first): the last
 * MAX_CYCLES, those that started after the line was activated only (a cycle cut by the activation would look like a
 * light month).
 */
export const judgedCycles = (
  contract: Pick<ContractRow, 'activatedAt'>,
  cycles: readonly UsageCycleRow[],
): { from: number; to: number; usage: CycleUsage }[] => {
  if (!contract.activatedAt) return [];
  const activated = localDayStart(isoLocalDate(new Date(contract.activatedAt)));
  return cycles
    .slice(-MAX_CYCLES)
    .filter((cycle) => cycle.from >= activated)
    .map((cycle) => ({ from: cycle.from, to: cycle.to, usage: { usage: cycle.totals, records: cycle.records } }));
};
