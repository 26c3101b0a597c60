/* The order lines of a line as the history shows them, and the facts the refusal rules read (docs/product/subscription.md "Order history"). */
import type { ContractStateFacts, OpenOrderFacts } from '#contract/contract-state';
import type { OrderLine, OrderStatus } from '#contract/orders';
import type { Db } from '../db/engine.ts';
import type { ContractRecord } from './customer-data.ts';

export const lines = (db: Db) =>
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

export type LineRow = Awaited<ReturnType<ReturnType<typeof lines>['executeTakeFirstOrThrow']>>;

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

export const OPEN_STATUSES = ['PENDING', 'QUEUED'] as const;

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
export const stateFacts = (
  contract: Pick<ContractRecord, 'status' | 'sub_status' | 'dunning_level_reached' | 'fraudulent_behaviour'>,
): ContractStateFacts => ({
  status: contract.status,
  subStatus: contract.sub_status,
  dunningLevelReached: contract.dunning_level_reached === 1,
  fraudulentBehaviour: contract.fraudulent_behaviour === 1,
});
