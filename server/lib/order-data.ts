import type { FieldError } from '#contract/common';
import { contractBlockages, isModificationRestricted, type ContractStateFacts, type OpenOrderFacts } from '#contract/contract-state';
import {
  orderResource,
  orderTypeOfKind,
  type HistoryErrorType,
  type InitiatorType,
  type NewOrderLine,
  type OrderItemKind,
  type OrderLine,
  type OrderRequest,
  type OrderStatus,
} from '#contract/orders';
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
import { promotionTerms } from './billing-run.ts';
import type { ContractRow } from './customer-data.ts';
import { optionRowsOfProduct, findProduct, type ProductRow, type Segment } from './product-data.ts';
import { addDaysToDate, cyclePeriod, localDate } from './service-calendar.ts';
import { stmt } from './sql.ts';
import { syncSubscriptionHistory } from './subscription-history.ts';
import { billCycleOf } from './usage-data.ts';

/*
 * The orders of a line (SPEC §3 "Order line", §4 "Order rules", §7 "Products and orders"): the history, the plan
 * and option orders (create, modify, cancel) and their execution by the server's clock. SQL and row → contract
 * mapping only; who may call and which error is the route's (routes/orders.ts).
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

type LineRow = {
  id: number;
  order_pk: number;
  order_ref: string;
  order_created_at: string;
  initiator_ref: string | null;
  initiator_type: InitiatorType;
  order_type: OrderLine['order_type'];
  item_kind: OrderItemKind;
  resource_name: string;
  resource_id: number | null;
  old_value: string | null;
  new_value: string | null;
  status: OrderStatus;
  reason_error: HistoryErrorType | null;
  error: string | null;
  is_cancellable: number;
  scheduled_date: string | null;
  executed_at: string | null;
  queued_at: string | null;
  created_at: string;
};

const LINE_COLUMNS = `l.id, o.id AS order_pk, o.order_ref, o.created_at AS order_created_at, o.initiator_ref, o.initiator_type,
  l.order_type, l.item_kind, l.resource_name, l.resource_id, l.old_value, l.new_value, l.status, l.reason_error, l.error,
  l.is_cancellable, l.scheduled_date, l.executed_at, l.queued_at, l.created_at`;

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

const OPEN_STATUSES = "('PENDING', 'QUEUED')";

/** One page of a line's order history, newest order first (`asc`: oldest first); `openOnly` keeps PENDING and QUEUED lines. */
export const orderHistory = (
  db: Db,
  contractId: number,
  options: { openOnly: boolean; order: 'asc' | 'desc'; limit: number; offset: number },
): { lines: OrderLine[]; total: number } => {
  const where = `o.contract_id = ?${options.openOnly ? ` AND l.status IN ${OPEN_STATUSES}` : ''}`;
  const direction = options.order === 'asc' ? 'ASC' : 'DESC';
  const total = stmt<[number], { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ${where}`,
  ).get(contractId)?.n;
  const rows = stmt<[number, number, number], LineRow>(
    db,
    `SELECT ${LINE_COLUMNS} FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ${where}
     ORDER BY o.created_at ${direction}, o.id ${direction}, l.id ASC LIMIT ? OFFSET ?`,
  ).all(contractId, options.limit, options.offset);
  return { lines: rows.map(toOrderLine), total: total ?? 0 };
};

/** The line's order lines still PENDING or QUEUED, any kind: what the refusal rules look at. */
export const openLinesOf = (db: Db, contractId: number): (OpenOrderFacts & { orderRef: string })[] =>
  stmt<[number], { kind: string; status: string; orderRef: string }>(
    db,
    `SELECT l.item_kind AS kind, l.status, o.order_ref AS orderRef FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.contract_id = ? AND l.status IN ${OPEN_STATUSES}`,
  ).all(contractId);

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

type OrderRow = { id: number; order_ref: string; contract_id: number; status: OrderStatus; scheduled_date: string | null };

export const findOrder = (db: Db, contractId: number, orderRef: string): OrderRow | undefined =>
  stmt<[number, string], OrderRow>(
    db,
    'SELECT id, order_ref, contract_id, status, scheduled_date FROM orders WHERE contract_id = ? AND order_ref = ?',
  ).get(contractId, orderRef);

const linesOfOrder = (db: Db, orderPk: number): LineRow[] =>
  stmt<[number], LineRow>(
    db,
    `SELECT ${LINE_COLUMNS} FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.id = ? ORDER BY l.id`,
  ).all(orderPk);

/** The line's current subscription: its base product and the count of each option it holds. */
export const currentSubscription = (db: Db, contract: ContractRow): { productId: number; options: Map<number, number> } => ({
  productId: contract.product_id,
  options: new Map(
    stmt<[number], { option_id: number; count: number }>(db, 'SELECT option_id, count FROM contract_options WHERE contract_id = ?')
      .all(contract.id)
      .map((row) => [row.option_id, row.count]),
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
 * What an order request changes on the line (SPEC §7: a product and options with their combinations), checked
 * against the catalogue: the product must be a base product of the customer's segment (SPEC §6) or the line's own;
 * an option counted above zero must be offered with that product (or already held) and stay within its
 * max_combinations. Options the request leaves out keep their count. Pure apart from reading the catalogue.
 */
export const planOrder = (
  db: Db,
  current: { productId: number; options: ReadonlyMap<number, number> },
  request: OrderRequest,
  segment: Segment,
): OrderPlan => {
  const fields: FieldError[] = [];
  const product = findProduct(db, request.product);
  const offered =
    product !== undefined &&
    product.type === 'BASE' &&
    (product.id === current.productId || (segment === 'professional' ? product.for_professional === 1 : product.for_residential === 1));
  if (!product || !offered) fields.push({ field: 'product', message: 'validation:productNotOffered' });
  const available = new Map<number, ProductRow>(product ? optionRowsOfProduct(db, product.id).map((row) => [row.id, row]) : []);
  const lines: PlannedLine[] = [];
  request.options.forEach((wanted, index) => {
    const held = current.options.get(wanted.id) ?? 0;
    const row = available.get(wanted.id) ?? (held > 0 ? findProduct(db, wanted.id) : undefined);
    if (!row || row.type !== 'OPTION') {
      fields.push({ field: `options.${index}.id`, message: 'validation:optionNotOffered' });
      return;
    }
    if (wanted.combinations > row.max_combinations) {
      fields.push({ field: `options.${index}.combinations`, message: 'validation:optionTooMany' });
      return;
    }
    if (wanted.combinations !== held) {
      lines.push({
        kind: 'OPTION',
        resourceId: row.id,
        resourceName: row.name,
        oldValue: String(held),
        newValue: String(wanted.combinations),
      });
    }
  });
  if (fields.length > 0 || !product) return { ok: false, fields };
  if (product.id !== current.productId) {
    const old = findProduct(db, current.productId);
    lines.unshift({
      kind: 'PRODUCT',
      resourceId: product.id,
      resourceName: product.name,
      oldValue: old?.name ?? '',
      newValue: product.name,
    });
  }
  return { ok: true, lines };
};

/** The first day of the line's next bill cycle (the service's calendar): when a plan or option change takes effect. */
export const nextCycleDate = (db: Db, contract: ContractRow, now: Date): string =>
  addDaysToDate(cyclePeriod(now, billCycleOf(db, contract)).end, 1);

/**
 * SPEC §4 "While an option order is pending, further option edits apply only to the current month": an option line
 * planned while another order's option line waits for its date takes effect today and cannot be cancelled (the
 * pending order then sets its own counts at the next cycle). Otherwise every change waits for the next cycle and
 * can be cancelled until then.
 */
export const optionOrderPending = (db: Db, contractId: number, exceptOrderPk: number | null): boolean =>
  stmt<[number, number], { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.contract_id = ? AND o.id <> ? AND l.item_kind = 'OPTION' AND l.status = 'PENDING'`,
  ).get(contractId, exceptOrderPk ?? -1)!.n > 0;

type Timing = { nextCycle: string; today: string; currentMonthOptions: boolean };

const lineTiming = (line: PlannedLine, timing: Timing): { scheduled: string; cancellable: boolean } =>
  line.kind === 'OPTION' && timing.currentMonthOptions
    ? { scheduled: timing.today, cancellable: false }
    : { scheduled: timing.nextCycle, cancellable: true };

const insertLine = (db: Db, orderPk: number, line: PlannedLine, timing: Timing, now: string): void => {
  const { scheduled, cancellable } = lineTiming(line, timing);
  stmt(
    db,
    `INSERT INTO order_lines (order_id, order_type, item_kind, resource_name, resource_id, old_value, new_value, status,
       is_cancellable, scheduled_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
  ).run(
    orderPk,
    orderTypeOfKind[line.kind],
    line.kind,
    line.resourceName,
    line.resourceId,
    line.oldValue,
    line.newValue,
    cancellable ? 1 : 0,
    scheduled,
    now,
  );
};

/** The next free order number, O- and 10 digits (SPEC §5), in the one sequence every area's orders share. */
const nextOrderRef = (db: Db): string => {
  const last = stmt<[], { ref: string | null }>(db, 'SELECT MAX(order_ref) AS ref FROM orders').get()?.ref;
  const next = (last ? Number(last.slice(2)) : 0) + 1;
  return `O-${String(next).padStart(10, '0')}`;
};

/** SPEC §6 order actors: the role of who placed it (owner O, admin A, user U). */
export const initiatorOfRole = (role: string): InitiatorType => (role === 'owner' ? 'O' : role === 'admin' ? 'A' : 'U');

const newOrderLineOf = (db: Db, orderPk: number): NewOrderLine => {
  const order = stmt<
    [number],
    { id: number; order_ref: string; contract_id: number; status: OrderStatus; scheduled_date: string | null; pricing_json: string | null }
  >(db, 'SELECT id, order_ref, contract_id, status, scheduled_date, pricing_json FROM orders WHERE id = ?').get(orderPk)!;
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
const waitingChanges = (db: Db, contractId: number, exceptOrderPk: number | null): WaitingChange[] =>
  stmt<[number, number], { kind: 'PRODUCT' | 'OPTION'; resourceId: number | null; newValue: string | null }>(
    db,
    `SELECT l.item_kind AS kind, l.resource_id AS resourceId, l.new_value AS newValue FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.contract_id = ? AND o.id <> ? AND l.status = 'PENDING' AND l.item_kind IN ('PRODUCT', 'OPTION')
     ORDER BY l.scheduled_date, l.id`,
  ).all(contractId, exceptOrderPk ?? -1);

const pricedProduct = (db: Db, id: number): PricedProduct | undefined => {
  const row = findProduct(db, id);
  return row ? { id: row.id, name: row.name, price: row.price_cents } : undefined;
};

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
export const priceOrder = (
  db: Db,
  contract: ContractRow,
  lines: readonly Pick<PlannedLine, 'kind' | 'resourceId' | 'newValue'>[],
  optionTiming: OrderTiming,
  now: Date,
  exceptOrderPk: number | null,
): OrderPricing | null => {
  const held = currentSubscription(db, contract);
  const current: Counts = { plan: held.productId, options: Object.fromEntries(held.options) };
  const { afterToday, after } = countsAfterOrder({
    current,
    waiting: waitingChanges(db, contract.id, exceptOrderPk),
    request: requestOfLines(held.productId, lines),
    optionTiming,
  });
  const productOf = (id: number) => pricedProduct(db, id);
  const priced = {
    current: priceCounts(current, productOf),
    afterToday: afterToday && priceCounts(afterToday, productOf),
    after: priceCounts(after, productOf),
  };
  if (!priced.current || !priced.after || (afterToday !== null && !priced.afterToday)) return null;
  return orderPricing({
    contractId: contract.id,
    promotions: promotionTerms(db),
    current: priced.current,
    afterToday: priced.afterToday ?? null,
    after: priced.after,
    today: localDate(now.getTime()),
    cycle: cyclePeriod(now, billCycleOf(db, contract)),
  });
};

const storePricing = (db: Db, orderPk: number, pricing: OrderPricing | null): void => {
  stmt<[string | null, number]>(db, 'UPDATE orders SET pricing_json = ? WHERE id = ?').run(
    pricing === null ? null : JSON.stringify(pricing),
    orderPk,
  );
};

/** The order's price from the lines it still has waiting (after a cancellation), stored with it. */
const repriceOrder = (db: Db, contract: ContractRow, orderPk: number, now: Date): void => {
  const waiting = linesOfOrder(db, orderPk).filter(
    (line) => line.status === 'PENDING' && (line.item_kind === 'PRODUCT' || line.item_kind === 'OPTION') && line.resource_id !== null,
  );
  if (waiting.length === 0) return storePricing(db, orderPk, null);
  const thisMonth = waiting.some((line) => line.item_kind === 'OPTION' && line.is_cancellable === 0);
  const lines = waiting.map((line) => ({
    kind: line.item_kind as 'PRODUCT' | 'OPTION',
    resourceId: line.resource_id!,
    newValue: line.new_value ?? '0',
  }));
  storePricing(db, orderPk, priceOrder(db, contract, lines, thisMonth ? 'today' : 'nextCycle', now, orderPk));
};

/** The earliest date among an order's waiting lines: the order's own scheduled date. */
const refreshOrderSchedule = (db: Db, orderPk: number): void => {
  stmt(
    db,
    `UPDATE orders SET scheduled_date = (SELECT MIN(scheduled_date) FROM order_lines WHERE order_id = ? AND status IN ${OPEN_STATUSES})
     WHERE id = ? AND status IN ${OPEN_STATUSES}`,
  ).run(orderPk, orderPk);
};

/** Creates an order of the planned lines (the caller runs it in a write transaction). */
export const createOrder = (
  db: Db,
  contract: ContractRow,
  lines: readonly PlannedLine[],
  initiator: { type: InitiatorType; ref: string | null },
  now: Date,
): NewOrderLine => {
  const timing: Timing = {
    nextCycle: nextCycleDate(db, contract, now),
    today: localDate(now.getTime()),
    currentMonthOptions: optionOrderPending(db, contract.id, null),
  };
  const at = now.toISOString();
  const orderPk = Number(
    stmt(
      db,
      `INSERT INTO orders (order_ref, contract_id, status, created_at, scheduled_date, executed_at, initiator_ref, initiator_type)
       VALUES (?, ?, 'PENDING', ?, NULL, NULL, ?, ?)`,
    ).run(nextOrderRef(db), contract.id, at, initiator.ref, initiator.type).lastInsertRowid,
  );
  for (const line of lines) insertLine(db, orderPk, line, timing, at);
  refreshOrderSchedule(db, orderPk);
  storePricing(db, orderPk, priceOrder(db, contract, lines, timing.currentMonthOptions ? 'today' : 'nextCycle', now, orderPk));
  return newOrderLineOf(db, orderPk);
};

/** A pending plan change that may be modified: the order is PENDING and its PRODUCT line still waits. */
export const pendingProductLine = (db: Db, orderPk: number): LineRow | undefined =>
  linesOfOrder(db, orderPk).find((line) => line.item_kind === 'PRODUCT' && line.status === 'PENDING');

/**
 * Modifies a pending plan change (SPEC §4: modified rather than created when a pending product change exists and
 * the product differs): the PRODUCT line takes the new product (or is cancelled when the customer goes back to the
 * current one), and the order's waiting option lines are replaced by the options of the request.
 */
export const modifyOrder = (db: Db, contract: ContractRow, orderPk: number, lines: readonly PlannedLine[], now: Date): NewOrderLine => {
  const at = now.toISOString();
  const productLine = pendingProductLine(db, orderPk);
  const planned = lines.find((line) => line.kind === 'PRODUCT');
  if (productLine) {
    if (planned) {
      stmt(db, 'UPDATE order_lines SET resource_id = ?, resource_name = ?, old_value = ?, new_value = ? WHERE id = ?').run(
        planned.resourceId,
        planned.resourceName,
        planned.oldValue,
        planned.newValue,
        productLine.id,
      );
    } else {
      stmt(db, "UPDATE order_lines SET status = 'CANCELED' WHERE id = ?").run(productLine.id);
    }
  }
  stmt(db, "DELETE FROM order_lines WHERE order_id = ? AND item_kind = 'OPTION' AND status = 'PENDING'").run(orderPk);
  const timing: Timing = {
    nextCycle: nextCycleDate(db, contract, now),
    today: localDate(now.getTime()),
    currentMonthOptions: optionOrderPending(db, contract.id, orderPk),
  };
  for (const line of lines) if (line.kind === 'OPTION') insertLine(db, orderPk, line, timing, at);
  settleOrderStatus(db, orderPk, now);
  refreshOrderSchedule(db, orderPk);
  repriceOrder(db, contract, orderPk, now);
  return newOrderLineOf(db, orderPk);
};

/**
 * Cancels an order's cancellable lines, or only the line `lineId` of it (docs/product/subscription.md "Cancelling":
 * the order's other changes still happen); the order's price is computed again from what it still does. Returns the
 * ids of the lines cancelled (none: nothing could be).
 */
export const cancelOrder = (db: Db, contract: ContractRow, orderPk: number, now: Date, lineId?: number): number[] => {
  const cancellable = linesOfOrder(db, orderPk).filter((line) => isLineCancellable(line) && (lineId === undefined || line.id === lineId));
  for (const line of cancellable) stmt<[number]>(db, "UPDATE order_lines SET status = 'CANCELED' WHERE id = ?").run(line.id);
  if (cancellable.length > 0) {
    settleOrderStatus(db, orderPk, now);
    refreshOrderSchedule(db, orderPk);
    repriceOrder(db, contract, orderPk, now);
  }
  return cancellable.map((line) => line.id);
};

/** What an order's e-mail says: its number, its line, what it still does and what was withdrawn (by line id). */
export type OrderFacts = {
  orderRef: string;
  customerId: number;
  msisdn: string | null;
  open: OrderLine[];
  lines: OrderLine[];
  pricing: OrderPricing | null;
};

export const orderFacts = (db: Db, orderPk: number): OrderFacts => {
  const order = stmt<[number], { order_ref: string; customer_id: number; msisdn: string | null; pricing_json: string | null }>(
    db,
    `SELECT o.order_ref, c.customer_id, c.msisdn, o.pricing_json FROM orders o JOIN contracts c ON c.id = o.contract_id WHERE o.id = ?`,
  ).get(orderPk)!;
  const lines = linesOfOrder(db, orderPk).map(toOrderLine);
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
export const openPlanChangeRef = (db: Db, contractId: number): string | null =>
  stmt<[number], { order_ref: string }>(
    db,
    `SELECT o.order_ref FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE l.contract_id = ? AND l.item_kind = 'PRODUCT' AND l.status IN ('PENDING', 'QUEUED') LIMIT 1`,
  ).get(contractId)?.order_ref ?? null;

/** True for the error of the unique index that allows one open plan change per line (migration 020). */
export const isOpenPlanChangeConflict = (error: unknown): boolean =>
  error instanceof Error &&
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
  error.message.includes('order_lines.contract_id');

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

const settleOrderStatus = (db: Db, orderPk: number, now: Date): void => {
  const statuses = stmt<[number], { status: OrderStatus }>(db, 'SELECT status FROM order_lines WHERE order_id = ?')
    .all(orderPk)
    .map((row) => row.status);
  const status = orderStatusOf(statuses);
  const final = status === 'SUCCESS' || status === 'FAILED';
  stmt(db, 'UPDATE orders SET status = ?, executed_at = CASE WHEN ? THEN COALESCE(executed_at, ?) ELSE executed_at END WHERE id = ?').run(
    status,
    final ? 1 : 0,
    now.toISOString(),
    orderPk,
  );
};

// ---------------------------------------------------------------------------------------------------------------
// Execution by the server's clock (the scheduler job of routes/orders.ts)
// ---------------------------------------------------------------------------------------------------------------

/** A QUEUED line is executed once it has waited this long (the operator's systems at work). */
export const EXECUTION_DELAY_MS = 60_000;

/** The CONTRACT requests this module executes; ACTIVATE belongs to the SIM activation's own job. */
const executedContractResources = [orderResource.reactivate, orderResource.suspend, orderResource.simSwap, orderResource.terminate];
const EXECUTED = `(l.item_kind IN ('PRODUCT', 'OPTION') OR (l.item_kind = 'CONTRACT' AND l.resource_name IN (${executedContractResources
  .map((name) => `'${name}'`)
  .join(', ')})))`;

type Outcome = { status: 'SUCCESS' } | { status: 'FAILED'; reason: HistoryErrorType; error: string };

const fail = (reason: HistoryErrorType, error: string): Outcome => ({ status: 'FAILED', reason, error });

const contractStatusAfter: Partial<Record<string, { status: string; sub: string }>> = {
  [orderResource.suspend]: { status: 'SUSPENDED', sub: 'SUSPENDED' },
  [orderResource.reactivate]: { status: 'ACTIVATED', sub: 'ACTIVATED' },
  [orderResource.terminate]: { status: 'TERMINATED', sub: 'TERMINATED' },
};

/** Sets a product row of the contract active (inserting it when the contract never held it). */
const activateContractProduct = (db: Db, contract: ContractRow, productId: number, isBase: boolean): void => {
  stmt(
    db,
    `INSERT INTO contract_products (contract_id, product_id, is_base, active, bill_cycle_id) VALUES (?, ?, ?, 1, ?)
     ON CONFLICT (contract_id, product_id) DO UPDATE SET active = 1, is_base = excluded.is_base`,
  ).run(contract.id, productId, isBase ? 1 : 0, contract.bill_cycle_id);
};

/** Applies one line to the contract, or says why it cannot be (the state may have changed since it was ordered). */
const applyLine = (db: Db, line: LineRow, contract: ContractRow, openBalance: boolean, now: Date): Outcome => {
  const at = now.toISOString();
  if (line.item_kind === 'CONTRACT') {
    const after = contractStatusAfter[line.resource_name];
    if (after)
      stmt(db, 'UPDATE contracts SET status = ?, sub_status = ?, updated_at = ? WHERE id = ?').run(
        after.status,
        after.sub,
        at,
        contract.id,
      );
    else stmt(db, 'UPDATE contracts SET updated_at = ? WHERE id = ?').run(at, contract.id);
    return { status: 'SUCCESS' };
  }
  // A plan or option change meets the same rules when it runs as when it was ordered (SPEC §4, §8).
  const blockages = contractBlockages(stateFacts(contract), openBalance);
  if (blockages.includes('unpaid')) return fail('CUSTOMER_DEBT', CUSTOMER_DEBT_MESSAGE);
  if (blockages.length > 0) return fail('JSON', JSON.stringify({ code: 'CONTRACT_BLOCKED', reason: blockages[0] }));
  if (isModificationRestricted(contract.status))
    return fail('TEXT', `The line is ${contract.status.toLowerCase()}: nothing can be changed on it.`);
  const product = line.resource_id === null ? undefined : findProduct(db, line.resource_id);
  if (!product) return fail('TEXT', `Unknown product ${line.resource_name}.`);
  if (line.item_kind === 'PRODUCT') {
    if (product.type !== 'BASE') return fail('TEXT', `${product.name} is not a plan.`);
    stmt(db, 'UPDATE contract_products SET active = 0 WHERE contract_id = ? AND is_base = 1').run(contract.id);
    activateContractProduct(db, contract, product.id, true);
    stmt(db, 'UPDATE contracts SET product_id = ?, updated_at = ? WHERE id = ?').run(product.id, at, contract.id);
    return { status: 'SUCCESS' };
  }
  const count = Number(line.new_value);
  if (product.type !== 'OPTION' || !Number.isInteger(count) || count < 0 || count > product.max_combinations) {
    return fail('TEXT', `Invalid count ${line.new_value ?? ''} for ${product.name}.`);
  }
  if (count === 0) {
    stmt(db, 'DELETE FROM contract_options WHERE contract_id = ? AND option_id = ?').run(contract.id, product.id);
    stmt(db, 'UPDATE contract_products SET active = 0 WHERE contract_id = ? AND product_id = ?').run(contract.id, product.id);
  } else {
    stmt(
      db,
      `INSERT INTO contract_options (contract_id, option_id, count) VALUES (?, ?, ?)
       ON CONFLICT (contract_id, option_id) DO UPDATE SET count = excluded.count`,
    ).run(contract.id, product.id, count);
    activateContractProduct(db, contract, product.id, false);
  }
  stmt(db, 'UPDATE contracts SET updated_at = ? WHERE id = ?').run(at, contract.id);
  return { status: 'SUCCESS' };
};

export type ExecutionReport = { queued: number; succeeded: number; failed: number };

/**
 * One run of the order job at `now` (the caller wraps it in a write transaction). First the lines QUEUED for at
 * least EXECUTION_DELAY_MS are applied (SUCCESS or FAILED), then the PENDING lines whose date has come (the
 * service's calendar) are QUEUED: a line is never queued and executed in the same run, so every order passes
 * through QUEUED. Running it again at the same `now` changes nothing.
 */
export const executeDueOrders = (db: Db, now: Date, openBalanceOf: (customerId: number) => boolean): ExecutionReport => {
  const report: ExecutionReport = { queued: 0, succeeded: 0, failed: 0 };
  const touched = new Set<number>();
  const readyBefore = new Date(now.getTime() - EXECUTION_DELAY_MS).toISOString();
  const ready = stmt<[string], LineRow & { contract_id: number }>(
    db,
    `SELECT ${LINE_COLUMNS}, o.contract_id FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE l.status = 'QUEUED' AND ${EXECUTED} AND (l.queued_at IS NULL OR l.queued_at <= ?) ORDER BY o.created_at, l.id`,
  ).all(readyBefore);
  const balances = new Map<number, boolean>();
  const today = localDate(now.getTime());
  for (const line of ready) {
    const contract = stmt<[number], ContractRow>(db, 'SELECT * FROM contracts WHERE id = ?').get(line.contract_id);
    if (!contract) continue;
    let openBalance = balances.get(contract.customer_id);
    if (openBalance === undefined) {
      openBalance = openBalanceOf(contract.customer_id);
      balances.set(contract.customer_id, openBalance);
    }
    const outcome = applyLine(db, line, contract, openBalance, now);
    if (outcome.status === 'SUCCESS') {
      // What the line holds changed today: the billing run bills it from today (docs/product/invoices.md "Pro rata").
      syncSubscriptionHistory(db, contract.id, today);
      stmt(db, "UPDATE order_lines SET status = 'SUCCESS', executed_at = ? WHERE id = ?").run(now.toISOString(), line.id);
      report.succeeded += 1;
    } else {
      stmt(db, "UPDATE order_lines SET status = 'FAILED', executed_at = ?, reason_error = ?, error = ? WHERE id = ?").run(
        now.toISOString(),
        outcome.reason,
        outcome.error,
        line.id,
      );
      report.failed += 1;
    }
    touched.add(line.order_pk);
  }
  const due = stmt<[string], { id: number; order_pk: number }>(
    db,
    `SELECT l.id, l.order_id AS order_pk FROM order_lines l WHERE l.status = 'PENDING' AND ${EXECUTED}
     AND l.scheduled_date IS NOT NULL AND l.scheduled_date <= ?`,
  ).all(today);
  for (const line of due) {
    stmt(db, "UPDATE order_lines SET status = 'QUEUED', queued_at = ? WHERE id = ?").run(now.toISOString(), line.id);
    touched.add(line.order_pk);
    report.queued += 1;
  }
  for (const orderPk of touched) settleOrderStatus(db, orderPk, now);
  return report;
};
