import type { FieldError } from '#contract/common';
import { contractBlockages, isModificationRestricted, type ContractStateFacts, type OpenOrderFacts } from '#contract/contract-state';
import {
  orderResource,
  orderTypeOfKind,
  type HistoryErrorType,
  type InitiatorType,
  type NewOrderLine,
  type OrderLine,
  type OrderRequest,
  type OrderStatus,
} from '#contract/orders';
import type { ExpressionBuilder } from 'kysely';
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
import type { Db } from '../db/database.ts';
import { isUniqueViolation, writeTransaction } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import type { DB } from '../db/schema.ts';
import { promotionTerms } from './billing-run.ts';
import type { ContractRow } from './customer-data.ts';
import { optionRowsOfProduct, findProduct, type ProductRow, type Segment } from './product-data.ts';
import { addDaysToDate, cyclePeriod, localDate } from './service-calendar.ts';
import { syncSubscriptionHistory } from './subscription-history.ts';
import { billCycleOf } from './usage-data.ts';

/*
 * The orders of a line (docs/product/subscription.md "Order history", "Order rules"; docs/product/api.md "Authenticated
 * calls"): the history, the plan and option orders (create, modify, cancel) and their execution by the server's clock.
 * SQL and row → contract mapping only; who may call and which error is the route's (routes/orders.ts).
 *
 * An order is real state: it is created PENDING with a scheduled date; when that date comes the scheduler hands
 * its lines to execution (QUEUED), and a minute later applies them to the contract (SUCCESS) or records why not
 * (FAILED with a reason). Lines of other areas (SAFEGUARD and SETTING lines, the ACTIVATE line of a SIM sale) live
 * in the same tables; this module reads them all for the history and executes only PRODUCT, OPTION and the
 * customer-service CONTRACT lines.
 */

// ---------------------------------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------------------------------

const lines = (db: Db) =>
  db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'o.id as order_pk',
      'o.order_ref',
      'o.created_at as order_created_at',
      'o.initiator_ref',
      'o.initiator_type',
      'l.order_type',
      'l.item_kind',
      'l.resource_name',
      'l.resource_id',
      'l.old_value',
      'l.new_value',
      'l.status',
      'l.reason_error',
      'l.error',
      'l.is_cancellable',
      'l.scheduled_date',
      'l.executed_at',
      'l.queued_at',
      'l.created_at',
    ]);

type LineRow = Awaited<ReturnType<ReturnType<typeof lines>['executeTakeFirstOrThrow']>>;

/** What a customer is told when a line failed on its open balance and no message was recorded. */
export const CUSTOMER_DEBT_MESSAGE = 'Open balance on the customer account.';

/** A line may be cancelled while it waits for its date (PENDING) and was placed cancellable (not a current-month change). */
export const isLineCancellable = (row: { status: OrderStatus; is_cancellable: number }): boolean =>
  row.status === 'PENDING' && row.is_cancellable === 1;

export const toOrderLine = (row: LineRow): OrderLine => ({
  id: row.id,
  order_id: row.order_ref,
  order_date: row.order_created_at,
  order_type: row.order_type,
  item_kind: row.item_kind,
  resource_name: row.resource_name,
  resource_id: row.resource_id,
  old_value: row.old_value,
  new_value: row.new_value,
  status: row.status,
  reason_error: row.reason_error,
  error:
    row.reason_error === null
      ? null
      : { type: row.reason_error, message: row.error ?? (row.reason_error === 'CUSTOMER_DEBT' ? CUSTOMER_DEBT_MESSAGE : '') },
  isCancellable: isLineCancellable(row),
  initiatorRef: row.initiator_ref,
  initiatorType: row.initiator_type,
  scheduled_date: row.scheduled_date,
  executed: row.executed_at,
  created: row.created_at,
});

const OPEN_STATUSES = ['PENDING', 'QUEUED'] as const;

/** One page of a line's order history, newest order first (`asc`: oldest first); `openOnly` keeps PENDING and QUEUED lines. */
export const orderHistory = async (
  db: Db,
  contractId: number,
  options: { openOnly: boolean; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ lines: OrderLine[]; total: number }> => {
  const total = (
    await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.contract_id', '=', contractId)
      .$if(options.openOnly, (query) => query.where('l.status', 'in', OPEN_STATUSES))
      .executeTakeFirst()
  )?.n;
  const rows = await lines(db)
    .where('o.contract_id', '=', contractId)
    .$if(options.openOnly, (query) => query.where('l.status', 'in', OPEN_STATUSES))
    .orderBy('o.created_at', options.order)
    .orderBy('o.id', options.order)
    .orderBy('l.id', 'asc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { lines: rows.map(toOrderLine), total: total ?? 0 };
};

/** The line's order lines still PENDING or QUEUED, any kind: what the refusal rules look at. */
export const openLinesOf = (db: Db, contractId: number): Promise<(OpenOrderFacts & { orderRef: string })[]> =>
  db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.item_kind as kind', 'l.status', 'o.order_ref as orderRef'])
    .where('o.contract_id', '=', contractId)
    .where('l.status', 'in', OPEN_STATUSES)
    .execute();

/** The facts of contract/contract-state.ts, from a contract row. */
export const stateFacts = (contract: ContractRow): ContractStateFacts => ({
  status: contract.status,
  subStatus: contract.sub_status,
  dunningLevelReached: contract.dunning_level_reached === 1,
  fraudulentBehaviour: contract.fraudulent_behaviour === 1,
});

// ---------------------------------------------------------------------------------------------------------------
// Planning an order: what changes, and when
// ---------------------------------------------------------------------------------------------------------------

type OrderRow = Pick<Row<'orders'>, 'id' | 'order_ref' | 'contract_id' | 'status' | 'scheduled_date'>;

const orders = (db: Db) => db.selectFrom('orders').select(['id', 'order_ref', 'contract_id', 'status', 'scheduled_date']);

export const findOrder = (db: Db, contractId: number, orderRef: string): Promise<OrderRow | undefined> =>
  orders(db).where('contract_id', '=', contractId).where('order_ref', '=', orderRef).executeTakeFirst();

const linesOfOrder = (db: Db, orderPk: number): Promise<LineRow[]> => lines(db).where('o.id', '=', orderPk).orderBy('l.id').execute();

/** The line's current subscription: its base product and the count of each option it holds. */
export const currentSubscription = async (db: Db, contract: ContractRow): Promise<{ productId: number; options: Map<number, number> }> => ({
  productId: contract.product_id,
  options: new Map(
    (await db.selectFrom('contract_options').select(['option_id', 'count']).where('contract_id', '=', contract.id).execute()).map((row) => [
      row.option_id,
      row.count,
    ]),
  ),
});

/** One line of a planned order. */
export type PlannedLine = {
  kind: 'PRODUCT' | 'OPTION';
  resourceId: number;
  resourceName: string;
  oldValue: string;
  newValue: string;
};

export type OrderPlan = { ok: true; lines: PlannedLine[] } | { ok: false; fields: FieldError[] };

/**
 * What an order request changes on the line (docs/product/api.md "Authenticated calls": a product and options with
 * their combinations), checked against the catalogue: the product must be a base product of the customer's segment
 * (docs/product/roles.md "Professional restriction") or the line's own; an option counted above zero must be offered
 * with that product (or already held) and stay within its max_combinations. Options the request leaves out keep their
 * count. Pure apart from reading the catalogue.
 */
export const planOrder = async (
  db: Db,
  current: { productId: number; options: ReadonlyMap<number, number> },
  request: OrderRequest,
  segment: Segment,
): Promise<OrderPlan> => {
  const fields: FieldError[] = [];
  const product = await findProduct(db, request.product);
  const offered =
    product !== undefined &&
    product.type === 'BASE' &&
    (product.id === current.productId || (segment === 'professional' ? product.for_professional === 1 : product.for_residential === 1));
  if (!product || !offered) fields.push({ field: 'product', message: 'validation:productNotOffered' });
  const available = new Map<number, ProductRow>(product ? (await optionRowsOfProduct(db, product.id)).map((row) => [row.id, row]) : []);
  const planned: PlannedLine[] = [];
  for (const [index, wanted] of request.options.entries()) {
    const held = current.options.get(wanted.id) ?? 0;
    const row = available.get(wanted.id) ?? (held > 0 ? await findProduct(db, wanted.id) : undefined);
    if (!row || row.type !== 'OPTION') {
      fields.push({ field: `options.${index}.id`, message: 'validation:optionNotOffered' });
      continue;
    }
    if (wanted.combinations > row.max_combinations) {
      fields.push({ field: `options.${index}.combinations`, message: 'validation:optionTooMany' });
      continue;
    }
    if (wanted.combinations !== held) {
      planned.push({
        kind: 'OPTION',
        resourceId: row.id,
        resourceName: row.name,
        oldValue: String(held),
        newValue: String(wanted.combinations),
      });
    }
  }
  if (fields.length > 0 || !product) return { ok: false, fields };
  if (product.id !== current.productId) {
    const old = await findProduct(db, current.productId);
    planned.unshift({
      kind: 'PRODUCT',
      resourceId: product.id,
      resourceName: product.name,
      oldValue: old?.name ?? '',
      newValue: product.name,
    });
  }
  return { ok: true, lines: planned };
};

/** The first day of the line's next bill cycle (the service's calendar): when a plan or option change takes effect. */
export const nextCycleDate = async (db: Db, contract: ContractRow, now: Date): Promise<string> =>
  addDaysToDate(cyclePeriod(now, await billCycleOf(db, contract)).end, 1);

/**
 * docs/product/subscription.md "Order rules": while an option order is pending, further option edits apply only to the
 * current month: an option line planned while another order's option line waits for its date takes effect today and
 * cannot be cancelled (the pending order then sets its own counts at the next cycle). Otherwise every change waits for
 * the next cycle and can be cancelled until then.
 */
export const optionOrderPending = async (db: Db, contractId: number, exceptOrderPk: number | null): Promise<boolean> =>
  (await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.id')
    .where('o.contract_id', '=', contractId)
    .where('o.id', '<>', exceptOrderPk ?? -1)
    .where('l.item_kind', '=', 'OPTION')
    .where('l.status', '=', 'PENDING')
    .limit(1)
    .executeTakeFirst()) !== undefined;

type Timing = { nextCycle: string; today: string; currentMonthOptions: boolean };

const lineTiming = (line: PlannedLine, timing: Timing): { scheduled: string; cancellable: boolean } =>
  line.kind === 'OPTION' && timing.currentMonthOptions
    ? { scheduled: timing.today, cancellable: false }
    : { scheduled: timing.nextCycle, cancellable: true };

const insertLine = async (db: Db, orderPk: number, line: PlannedLine, timing: Timing, now: string): Promise<void> => {
  const { scheduled, cancellable } = lineTiming(line, timing);
  await db
    .insertInto('order_lines')
    .values({
      order_id: orderPk,
      order_type: orderTypeOfKind[line.kind],
      item_kind: line.kind,
      resource_name: line.resourceName,
      resource_id: line.resourceId,
      old_value: line.oldValue,
      new_value: line.newValue,
      status: 'PENDING',
      is_cancellable: cancellable ? 1 : 0,
      scheduled_date: scheduled,
      created_at: now,
    })
    .execute();
};

/**
 * The next free order number, O- and 10 digits (docs/product/validation.md "Customer, energy and order numbers"), in
 * the one sequence every area's orders share. Read and used in the caller's write transaction: two instances numbering
 * at once do not both take it (PostgreSQL runs them serializably and retries the later one).
 */
export const nextOrderRef = async (db: Db): Promise<string> => {
  const last = (
    await db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('order_ref').as('ref'))
      .executeTakeFirst()
  )?.ref;
  const next = (last ? Number(last.slice(2)) : 0) + 1;
  return `O-${String(next).padStart(10, '0')}`;
};

/** docs/product/roles.md "Who placed an order": the role of who placed it (owner O, admin A, user U). */
export const initiatorOfRole = (role: string): InitiatorType => (role === 'owner' ? 'O' : role === 'admin' ? 'A' : 'U');

const newOrderLineOf = async (db: Db, orderPk: number): Promise<NewOrderLine> => {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_ref', 'contract_id', 'status', 'scheduled_date', 'pricing_json'])
    .where('id', '=', orderPk)
    .executeTakeFirstOrThrow();
  return {
    id: order.id,
    order_id: order.order_ref,
    contract_id: order.contract_id,
    scheduled_date_exec: order.scheduled_date,
    status: order.status,
    reason_error: null,
    last_error: null,
    pricing: order.pricing_json === null ? null : (JSON.parse(order.pricing_json) as OrderPricing),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// An order's price (contract/pricing.ts): computed when the order is placed, changed or cut, and stored with it
// ---------------------------------------------------------------------------------------------------------------

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
  contract: ContractRow,
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
const repriceOrder = async (db: Db, contract: ContractRow, orderPk: number, now: Date): Promise<void> => {
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
  contract: ContractRow,
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
  contract: ContractRow,
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
export const cancelOrder = (db: Db, contract: ContractRow, orderPk: number, now: Date, lineId?: number): Promise<number[]> =>
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

const settleOrderStatus = async (db: Db, orderPk: number, now: Date): Promise<void> => {
  const statuses = (await db.selectFrom('order_lines').select('status').where('order_id', '=', orderPk).execute()).map((row) => row.status);
  const status = orderStatusOf(statuses);
  const final = status === 'SUCCESS' || status === 'FAILED';
  await db
    .updateTable('orders')
    .set((eb) => ({ status, executed_at: final ? eb.fn.coalesce('executed_at', eb.val(now.toISOString())) : eb.ref('executed_at') }))
    .where('id', '=', orderPk)
    .execute();
};

// ---------------------------------------------------------------------------------------------------------------
// Execution by the server's clock (the scheduler job of routes/orders.ts)
// ---------------------------------------------------------------------------------------------------------------

/** A QUEUED line is executed once it has waited this long (the operator's systems at work). */
export const EXECUTION_DELAY_MS = 60_000;

/** The CONTRACT requests this module executes; ACTIVATE belongs to the SIM activation's own job. */
const executedContractResources = [orderResource.reactivate, orderResource.suspend, orderResource.simSwap, orderResource.terminate];
/** The lines this job executes: plans, options, and the CONTRACT requests above. */
const executed = (eb: ExpressionBuilder<DB & { l: DB['order_lines'] }, 'l'>) =>
  eb.or([
    eb('l.item_kind', 'in', ['PRODUCT', 'OPTION']),
    eb.and([eb('l.item_kind', '=', 'CONTRACT'), eb('l.resource_name', 'in', executedContractResources)]),
  ]);

type Outcome = { status: 'SUCCESS' } | { status: 'FAILED'; reason: HistoryErrorType; error: string };

const fail = (reason: HistoryErrorType, error: string): Outcome => ({ status: 'FAILED', reason, error });

const contractStatusAfter: Partial<Record<string, { status: ContractRow['status']; sub: NonNullable<ContractRow['sub_status']> }>> = {
  [orderResource.suspend]: { status: 'SUSPENDED', sub: 'SUSPENDED' },
  [orderResource.reactivate]: { status: 'ACTIVATED', sub: 'ACTIVATED' },
  [orderResource.terminate]: { status: 'TERMINATED', sub: 'TERMINATED' },
};

/** Sets a product row of the contract active (inserting it when the contract never held it). */
const activateContractProduct = async (db: Db, contract: ContractRow, productId: number, isBase: boolean): Promise<void> => {
  await db
    .insertInto('contract_products')
    .values({ contract_id: contract.id, product_id: productId, is_base: isBase ? 1 : 0, active: 1, bill_cycle_id: contract.bill_cycle_id })
    .onConflict((oc) => oc.columns(['contract_id', 'product_id']).doUpdateSet((eb) => ({ active: 1, is_base: eb.ref('excluded.is_base') })))
    .execute();
};

/** Applies one line to the contract, or says why it cannot be (the state may have changed since it was ordered). */
const applyLine = async (db: Db, line: LineRow, contract: ContractRow, openBalance: boolean, now: Date): Promise<Outcome> => {
  const at = now.toISOString();
  if (line.item_kind === 'CONTRACT') {
    const after = contractStatusAfter[line.resource_name];
    await db
      .updateTable('contracts')
      .set(after ? { status: after.status, sub_status: after.sub, updated_at: at } : { updated_at: at })
      .where('id', '=', contract.id)
      .execute();
    return { status: 'SUCCESS' };
  }
  // A plan or option change meets the same rules when it runs as when it was ordered (docs/product/subscription.md "Who
  // may change a subscription", "Order rules").
  const blockages = contractBlockages(stateFacts(contract), openBalance);
  if (blockages.includes('unpaid')) return fail('CUSTOMER_DEBT', CUSTOMER_DEBT_MESSAGE);
  if (blockages.length > 0) return fail('JSON', JSON.stringify({ code: 'CONTRACT_BLOCKED', reason: blockages[0] }));
  if (isModificationRestricted(contract.status))
    return fail('TEXT', `The line is ${contract.status.toLowerCase()}: nothing can be changed on it.`);
  const product = line.resource_id === null ? undefined : await findProduct(db, line.resource_id);
  if (!product) return fail('TEXT', `Unknown product ${line.resource_name}.`);
  if (line.item_kind === 'PRODUCT') {
    if (product.type !== 'BASE') return fail('TEXT', `${product.name} is not a plan.`);
    await db.updateTable('contract_products').set({ active: 0 }).where('contract_id', '=', contract.id).where('is_base', '=', 1).execute();
    await activateContractProduct(db, contract, product.id, true);
    await db.updateTable('contracts').set({ product_id: product.id, updated_at: at }).where('id', '=', contract.id).execute();
    return { status: 'SUCCESS' };
  }
  const count = Number(line.new_value);
  if (product.type !== 'OPTION' || !Number.isInteger(count) || count < 0 || count > product.max_combinations) {
    return fail('TEXT', `Invalid count ${line.new_value ?? ''} for ${product.name}.`);
  }
  if (count === 0) {
    await db.deleteFrom('contract_options').where('contract_id', '=', contract.id).where('option_id', '=', product.id).execute();
    await db
      .updateTable('contract_products')
      .set({ active: 0 })
      .where('contract_id', '=', contract.id)
      .where('product_id', '=', product.id)
      .execute();
  } else {
    await db
      .insertInto('contract_options')
      .values({ contract_id: contract.id, option_id: product.id, count })
      .onConflict((oc) => oc.columns(['contract_id', 'option_id']).doUpdateSet((eb) => ({ count: eb.ref('excluded.count') })))
      .execute();
    await activateContractProduct(db, contract, product.id, false);
  }
  await db.updateTable('contracts').set({ updated_at: at }).where('id', '=', contract.id).execute();
  return { status: 'SUCCESS' };
};

export type ExecutionReport = { queued: number; succeeded: number; failed: number };

/**
 * One run of the order job at `now`, in one write transaction (all of it applies, or none: an instance that dies
 * halfway leaves the lines as they were, for the next run). First the lines QUEUED for at least EXECUTION_DELAY_MS
 * are applied (SUCCESS or FAILED), then the PENDING lines whose date has come (the service's calendar) are QUEUED: a
 * line is never queued and executed in the same run, so every order passes through QUEUED. Running it again at the
 * same `now` changes nothing.
 */
export const executeDueOrders = (
  db: Db,
  now: Date,
  openBalanceOf: (db: Db, customerId: number) => Promise<boolean>,
): Promise<ExecutionReport> =>
  writeTransaction(db, async (tx) => {
    const report: ExecutionReport = { queued: 0, succeeded: 0, failed: 0 };
    const touched = new Set<number>();
    const readyBefore = new Date(now.getTime() - EXECUTION_DELAY_MS).toISOString();
    const ready = await lines(tx)
      .select('o.contract_id')
      .where('l.status', '=', 'QUEUED')
      .where(executed)
      .where((eb) => eb.or([eb('l.queued_at', 'is', null), eb('l.queued_at', '<=', readyBefore)]))
      .orderBy('o.created_at')
      .orderBy('l.id')
      .execute();
    const balances = new Map<number, boolean>();
    const today = localDate(now.getTime());
    for (const line of ready) {
      const contract = await tx.selectFrom('contracts').selectAll().where('id', '=', line.contract_id).executeTakeFirst();
      if (!contract) continue;
      let openBalance = balances.get(contract.customer_id);
      if (openBalance === undefined) {
        openBalance = await openBalanceOf(tx, contract.customer_id);
        balances.set(contract.customer_id, openBalance);
      }
      const outcome = await applyLine(tx, line, contract, openBalance, now);
      if (outcome.status === 'SUCCESS') {
        // What the line holds changed today: the billing run bills it from today (docs/product/invoices.md "The billing
        // run").
        await syncSubscriptionHistory(tx, contract.id, today);
        await tx.updateTable('order_lines').set({ status: 'SUCCESS', executed_at: now.toISOString() }).where('id', '=', line.id).execute();
        report.succeeded += 1;
      } else {
        await tx
          .updateTable('order_lines')
          .set({ status: 'FAILED', executed_at: now.toISOString(), reason_error: outcome.reason, error: outcome.error })
          .where('id', '=', line.id)
          .execute();
        report.failed += 1;
      }
      touched.add(line.order_pk);
    }
    const due = await tx
      .selectFrom('order_lines as l')
      .select(['l.id', 'l.order_id as order_pk'])
      .where('l.status', '=', 'PENDING')
      .where(executed)
      .where('l.scheduled_date', 'is not', null)
      .where('l.scheduled_date', '<=', today)
      .execute();
    for (const line of due) {
      await tx.updateTable('order_lines').set({ status: 'QUEUED', queued_at: now.toISOString() }).where('id', '=', line.id).execute();
      touched.add(line.order_pk);
      report.queued += 1;
    }
    for (const orderPk of touched) await settleOrderStatus(tx, orderPk, now);
    return report;
  });
