/*
 * Placing, modifying and cancelling an order, and its price (contract/pricing.ts): computed when the order is placed,
 * changed or cut, and stored with it (docs/product/subscription.md "Order rules").
 */
import type { InitiatorType, NewOrderLine, OrderLine, OrderStatus } from '#contract/orders';
import {
  countsAfterOrder,
  orderPricing,
  priceCounts,
  type Counts,
  type CountsRequest,
  type OrderPricing,
  type OrderTiming,
  type PricedProduct,
  type WaitingChange,
} from '#contract/pricing';
import { type Db, isUniqueViolation, writeTransaction } from '../db/engine.ts';
import { promotionTerms } from './billing-charges.ts';
import type { ContractRecord } from './customer-data.ts';
import { findProduct } from './product-data.ts';
import { localDate } from '#contract/calendar';
import { cyclePeriod } from './service-calendar.ts';
import { billCycleOf } from './usage-data.ts';
import { type LineRow, OPEN_STATUSES, isLineCancellable, toOrderLine } from './order-history.ts';
import {
  type PlannedLine,
  type Timing,
  currentSubscription,
  insertLine,
  linesOfOrder,
  newOrderLineOf,
  nextCycleDate,
  nextOrderRef,
  optionOrderPending,
} from './order-planning.ts';

/** The changes waiting in the line's other orders (PENDING plan and option lines), in the order they will apply. */
const waitingChanges = async (db: Db, contractId: number, exceptOrderPk: number | null): Promise<WaitingChange[]> =>
  (
    await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.item_kind', 'l.resource_id', 'l.new_value'])
      .where('o.contract_id', '=', contractId)
      .where('o.id', '<>', exceptOrderPk ?? -1)
      .where('l.status', '=', 'PENDING')
      .where('l.item_kind', 'in', ['PRODUCT', 'OPTION'])
      .orderBy('l.scheduled_date')
      .orderBy('l.id')
      .execute()
  ).map((row) => ({ kind: row.item_kind as 'PRODUCT' | 'OPTION', resourceId: row.resource_id, newValue: row.new_value }));

/** What an order's lines ask, as contract/pricing.ts takes it: the plan wanted (the line's own: none) and the option counts. */
const requestOfLines = (currentPlan: number, lines: readonly Pick<PlannedLine, 'kind' | 'resourceId' | 'newValue'>[]): CountsRequest => ({
  product: lines.find((line) => line.kind === 'PRODUCT')?.resourceId ?? currentPlan,
  options: lines
    .filter((line) => line.kind === 'OPTION')
    .map((line) => ({ id: line.resourceId, combinations: Number(line.newValue) }))
    .filter((option) => Number.isInteger(option.combinations) && option.combinations >= 0),
});

/**
 * The price of an order on the line (contract/pricing.ts `orderPricing`): the line now, after this month's changes
 * of the order, and once the order and what else waits on the line have taken effect; null when a product of it is
 * no longer in the catalogue.
 */
export const priceOrder = async (
  db: Db,
  contract: ContractRecord,
  lines: readonly Pick<PlannedLine, 'kind' | 'resourceId' | 'newValue'>[],
  optionTiming: OrderTiming,
  now: Date,
  exceptOrderPk: number | null,
): Promise<OrderPricing | null> => {
  const held = await currentSubscription(db, contract);
  const current: Counts = { plan: held.productId, options: Object.fromEntries(held.options) };
  const { afterToday, after } = countsAfterOrder({
    current,
    waiting: await waitingChanges(db, contract.id, exceptOrderPk),
    request: requestOfLines(held.productId, lines),
    optionTiming,
  });
  // contract/pricing.ts reads the catalogue synchronously: the products it may ask for are read first.
  const ids = new Set<number>([current.plan, after.plan, ...(afterToday ? [afterToday.plan] : [])]);
  for (const counts of [current, after, afterToday]) for (const id of Object.keys(counts?.options ?? {})) ids.add(Number(id));
  const catalogue = new Map<number, PricedProduct>();
  for (const id of ids) {
    const row = await findProduct(db, id);
    if (row) catalogue.set(id, { id: row.id, name: row.name, price: row.price_cents });
  }
  const productOf = (id: number) => catalogue.get(id);
  const priced = {
    current: priceCounts(current, productOf),
    afterToday: afterToday && priceCounts(afterToday, productOf),
    after: priceCounts(after, productOf),
  };
  if (!priced.current || !priced.after || (afterToday !== null && !priced.afterToday)) return null;
  return orderPricing({
    contractId: contract.id,
    promotions: await promotionTerms(db),
    current: priced.current,
    afterToday: priced.afterToday ?? null,
    after: priced.after,
    today: localDate(now.getTime()),
    cycle: cyclePeriod(now, await billCycleOf(db, contract)),
  });
};

const storePricing = async (db: Db, orderPk: number, pricing: OrderPricing | null): Promise<void> => {
  await db
    .updateTable('orders')
    .set({ pricing_json: pricing === null ? null : JSON.stringify(pricing) })
    .where('id', '=', orderPk)
    .execute();
};

/** The order's price from the lines it still has waiting (after a cancellation), stored with it. */
const repriceOrder = async (db: Db, contract: ContractRecord, orderPk: number, now: Date): Promise<void> => {
  const waiting = (await linesOfOrder(db, orderPk)).filter(
    (line) => line.status === 'PENDING' && (line.item_kind === 'PRODUCT' || line.item_kind === 'OPTION') && line.resource_id !== null,
  );
  if (waiting.length === 0) return storePricing(db, orderPk, null);
  const thisMonth = waiting.some((line) => line.item_kind === 'OPTION' && line.is_cancellable === 0);
  const lines = waiting.map((line) => ({
    kind: line.item_kind as 'PRODUCT' | 'OPTION',
    resourceId: line.resource_id!,
    newValue: line.new_value ?? '0',
  }));
  await storePricing(db, orderPk, await priceOrder(db, contract, lines, thisMonth ? 'today' : 'nextCycle', now, orderPk));
};

/** The earliest date among an order's waiting lines: the order's own scheduled date. */
const refreshOrderSchedule = async (db: Db, orderPk: number): Promise<void> => {
  await db
    .updateTable('orders')
    .set((eb) => ({
      scheduled_date: eb
        .selectFrom('order_lines')
        .select((inner) => inner.fn.min('scheduled_date').as('d'))
        .where('order_id', '=', orderPk)
        .where('status', 'in', OPEN_STATUSES),
    }))
    .where('id', '=', orderPk)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
};

/** Creates an order of the planned lines, in one write transaction. */
export const createOrder = (
  db: Db,
  contract: ContractRecord,
  planned: readonly PlannedLine[],
  initiator: { type: InitiatorType; ref: string | null },
  now: Date,
): Promise<NewOrderLine> =>
  writeTransaction(db, async (tx) => {
    const timing: Timing = {
      nextCycle: await nextCycleDate(tx, contract, now),
      today: localDate(now.getTime()),
      currentMonthOptions: await optionOrderPending(tx, contract.id, null),
    };
    const at = now.toISOString();
    const { id: orderPk } = await tx
      .insertInto('orders')
      .values({
        order_ref: await nextOrderRef(tx),
        contract_id: contract.id,
        status: 'PENDING',
        created_at: at,
        scheduled_date: null,
        executed_at: null,
        initiator_ref: initiator.ref,
        initiator_type: initiator.type,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const line of planned) await insertLine(tx, orderPk, line, timing, at);
    await refreshOrderSchedule(tx, orderPk);
    await storePricing(
      tx,
      orderPk,
      await priceOrder(tx, contract, planned, timing.currentMonthOptions ? 'today' : 'nextCycle', now, orderPk),
    );
    return newOrderLineOf(tx, orderPk);
  });

/** A pending plan change that may be modified: the order is PENDING and its PRODUCT line still waits. */
export const pendingProductLine = async (db: Db, orderPk: number): Promise<LineRow | undefined> =>
  (await linesOfOrder(db, orderPk)).find((line) => line.item_kind === 'PRODUCT' && line.status === 'PENDING');

/**
 * Modifies a pending plan change (docs/product/subscription.md "Order rules": modified rather than created when a
 * pending product change exists and the product differs): the PRODUCT line takes the new product (or is cancelled when
 * the customer goes back to the current one), and the order's waiting option lines are replaced by the options of the
 * request.
 */
export const modifyOrder = (
  db: Db,
  contract: ContractRecord,
  orderPk: number,
  planned: readonly PlannedLine[],
  now: Date,
): Promise<NewOrderLine> =>
  writeTransaction(db, async (tx) => {
    const at = now.toISOString();
    const productLine = await pendingProductLine(tx, orderPk);
    const product = planned.find((line) => line.kind === 'PRODUCT');
    if (productLine) {
      if (product) {
        await tx
          .updateTable('order_lines')
          .set({
            resource_id: product.resourceId,
            resource_name: product.resourceName,
            old_value: product.oldValue,
            new_value: product.newValue,
          })
          .where('id', '=', productLine.id)
          .execute();
      } else {
        await tx.updateTable('order_lines').set({ status: 'CANCELED' }).where('id', '=', productLine.id).execute();
      }
    }
    await tx
      .deleteFrom('order_lines')
      .where('order_id', '=', orderPk)
      .where('item_kind', '=', 'OPTION')
      .where('status', '=', 'PENDING')
      .execute();
    const timing: Timing = {
      nextCycle: await nextCycleDate(tx, contract, now),
      today: localDate(now.getTime()),
      currentMonthOptions: await optionOrderPending(tx, contract.id, orderPk),
    };
    for (const line of planned) if (line.kind === 'OPTION') await insertLine(tx, orderPk, line, timing, at);
    await settleOrderStatus(tx, orderPk, now);
    await refreshOrderSchedule(tx, orderPk);
    await repriceOrder(tx, contract, orderPk, now);
    return newOrderLineOf(tx, orderPk);
  });

/**
 * Cancels an order's cancellable lines, or only the line `lineId` of it (docs/product/subscription.md "Cancelling an
 * order": the order's other changes still happen); the order's price is computed again from what it still does. Returns
 * the ids of the lines cancelled (none: nothing could be).
 */
export const cancelOrder = (db: Db, contract: ContractRecord, orderPk: number, now: Date, lineId?: number): Promise<number[]> =>
  writeTransaction(db, async (tx) => {
    const cancellable = (await linesOfOrder(tx, orderPk)).filter(
      (line) => isLineCancellable(line) && (lineId === undefined || line.id === lineId),
    );
    for (const line of cancellable) await tx.updateTable('order_lines').set({ status: 'CANCELED' }).where('id', '=', line.id).execute();
    if (cancellable.length > 0) {
      await settleOrderStatus(tx, orderPk, now);
      await refreshOrderSchedule(tx, orderPk);
      await repriceOrder(tx, contract, orderPk, now);
    }
    return cancellable.map((line) => line.id);
  });

/** What an order's e-mail says: its number, its line, what it still does and what was withdrawn (by line id). */
export type OrderFacts = {
  orderRef: string;
  customerId: number;
  msisdn: string | null;
  open: OrderLine[];
  lines: OrderLine[];
  pricing: OrderPricing | null;
};

export const orderFacts = async (db: Db, orderPk: number): Promise<OrderFacts> => {
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('contracts as c', 'c.id', 'o.contract_id')
    .select(['o.order_ref', 'c.customer_id', 'c.msisdn', 'o.pricing_json'])
    .where('o.id', '=', orderPk)
    .executeTakeFirstOrThrow();
  const lines = (await linesOfOrder(db, orderPk)).map(toOrderLine);
  return {
    orderRef: order.order_ref,
    customerId: order.customer_id,
    msisdn: order.msisdn,
    open: lines.filter((line) => line.status === 'PENDING' || line.status === 'QUEUED'),
    lines,
    pricing: order.pricing_json === null ? null : (JSON.parse(order.pricing_json) as OrderPricing),
  };
};

/** The order ref of the plan change still waiting on the line, if any (the one a second plan change meets). */
export const openPlanChangeRef = async (db: Db, contractId: number): Promise<string | null> =>
  (
    await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('o.order_ref')
      .where('l.contract_id', '=', contractId)
      .where('l.item_kind', '=', 'PRODUCT')
      .where('l.status', 'in', OPEN_STATUSES)
      .limit(1)
      .executeTakeFirst()
  )?.order_ref ?? null;

/**
 * True for the error of the unique index that allows one open plan change per line (migration 020): SQLite names the
 * column, PostgreSQL the index.
 */
export const isOpenPlanChangeConflict = (error: unknown): boolean =>
  isUniqueViolation(error) &&
  (((error as { constraint?: string }).constraint ?? '') === 'order_lines_one_open_plan_change' ||
    (error instanceof Error && error.message.includes('order_lines.contract_id')));

/**
 * An order's status from its lines: waiting while any line waits (PENDING before QUEUED), FAILED when a line
 * failed, CANCELED when every line was cancelled, SUCCESS otherwise.
 */
export const orderStatusOf = (statuses: readonly OrderStatus[]): OrderStatus => {
  if (statuses.includes('PENDING')) return 'PENDING';
  if (statuses.includes('QUEUED')) return 'QUEUED';
  if (statuses.includes('FAILED')) return 'FAILED';
  if (statuses.length > 0 && statuses.every((status) => status === 'CANCELED')) return 'CANCELED';
  return 'SUCCESS';
};

export const settleOrderStatus = async (db: Db, orderPk: number, now: Date): Promise<void> => {
  const statuses = (await db.selectFrom('order_lines').select('status').where('order_id', '=', orderPk).execute()).map((row) => row.status);
  const status = orderStatusOf(statuses);
  const final = status === 'SUCCESS' || status === 'FAILED';
  await db
    .updateTable('orders')
    .set((eb) => ({ status, executed_at: final ? eb.fn.coalesce('executed_at', eb.val(now.toISOString())) : eb.ref('executed_at') }))
    .where('id', '=', orderPk)
    .execute();
};
