/* Execution of the order lines by the server's clock (the scheduler job of routes/orders.ts). */
import { contractBlockages, isModificationRestricted } from '#contract/contract-state';
import { orderResource, type HistoryErrorType } from '#contract/orders';
import type { ExpressionBuilder } from 'kysely';
import { type Db, writeTransaction } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import type { ContractRecord } from './customer-data.ts';
import { findProduct } from './product-data.ts';
import { localDate } from '#contract/calendar';
import { syncSubscriptionHistory } from './subscription-history.ts';
import { settleOrderStatus } from './order-changes.ts';
import { CUSTOMER_DEBT_MESSAGE, type LineRow, lines, stateFacts } from './order-history.ts';

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

const contractStatusAfter: Partial<Record<string, { status: ContractRecord['status']; sub: NonNullable<ContractRecord['sub_status']> }>> = {
  [orderResource.suspend]: { status: 'SUSPENDED', sub: 'SUSPENDED' },
  [orderResource.reactivate]: { status: 'ACTIVATED', sub: 'ACTIVATED' },
  [orderResource.terminate]: { status: 'TERMINATED', sub: 'TERMINATED' },
};

/** Sets a product row of the contract active (inserting it when the contract never held it). */
const activateContractProduct = async (db: Db, contract: ContractRecord, productId: number, isBase: boolean): Promise<void> => {
  await db
    .insertInto('contract_products')
    .values({ contract_id: contract.id, product_id: productId, is_base: isBase ? 1 : 0, active: 1, bill_cycle_id: contract.bill_cycle_id })
    .onConflict((oc) => oc.columns(['contract_id', 'product_id']).doUpdateSet((eb) => ({ active: 1, is_base: eb.ref('excluded.is_base') })))
    .execute();
};

/** Applies one line to the contract, or says why it cannot be (the state may have changed since it was ordered). */
const applyLine = async (db: Db, line: LineRow, contract: ContractRecord, openBalance: boolean, now: Date): Promise<Outcome> => {
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
