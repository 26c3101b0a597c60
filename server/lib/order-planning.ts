/* Planning an order: what changes, and when (docs/product/subscription.md "Order rules"). */
import type { FieldError } from '#contract/common';
import { orderTypeOfKind, type InitiatorType, type NewOrderLine, type OrderRequest } from '#contract/orders';
import type { OrderPricing } from '#contract/pricing';
import { type Db, lockForWrite } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import type { ContractRecord } from './customer-data.ts';
import { optionRowsOfProduct, findProduct, type ProductRecord, type Segment } from './product-data.ts';
import { addDaysToDate } from '#contract/calendar';
import { cyclePeriod } from './service-calendar.ts';
import { billCycleOf } from './usage-data.ts';
import { type LineRow, lines } from './order-history.ts';

type OrderRow = Pick<Row<'orders'>, 'id' | 'order_ref' | 'contract_id' | 'status' | 'scheduled_date'>;

const orders = (db: Db) => db.selectFrom('orders').select(['id', 'order_ref', 'contract_id', 'status', 'scheduled_date']);

export const findOrder = (db: Db, contractId: number, orderRef: string): Promise<OrderRow | undefined> =>
  orders(db).where('contract_id', '=', contractId).where('order_ref', '=', orderRef).executeTakeFirst();

export const linesOfOrder = (db: Db, orderPk: number): Promise<LineRow[]> =>
  lines(db).where('o.id', '=', orderPk).orderBy('l.id').execute();

/** The line's current subscription: its base product and the count of each option it holds. */
export const currentSubscription = async (
  db: Db,
  contract: ContractRecord,
): Promise<{ productId: number; options: Map<number, number> }> => ({
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
  const available = new Map<number, ProductRecord>(product ? (await optionRowsOfProduct(db, product.id)).map((row) => [row.id, row]) : []);
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
export const nextCycleDate = async (db: Db, contract: ContractRecord, now: Date): Promise<string> =>
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

export type Timing = { nextCycle: string; today: string; currentMonthOptions: boolean };

const lineTiming = (line: PlannedLine, timing: Timing): { scheduled: string; cancellable: boolean } =>
  line.kind === 'OPTION' && timing.currentMonthOptions
    ? { scheduled: timing.today, cancellable: false }
    : { scheduled: timing.nextCycle, cancellable: true };

export const insertLine = async (db: Db, orderPk: number, line: PlannedLine, timing: Timing, now: string): Promise<void> => {
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
 * at once do not both take it (on PostgreSQL the later waits on the order numbering's lock until the first commits).
 */
export const nextOrderRef = async (db: Db): Promise<string> => {
  // Read then used by the transaction's insert: two transactions of different lines must not read the same one.
  await lockForWrite(db, ['order-refs']);
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

export const newOrderLineOf = async (db: Db, orderPk: number): Promise<NewOrderLine> => {
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
