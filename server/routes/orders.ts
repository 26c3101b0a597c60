import type { FastifyRequest } from 'fastify';
import { orderRefusal, refusalErrorCode, type OrderRefusal } from '#contract/contract-state';
import { endpoints } from '#contract/endpoints';
import type { OrderRequest } from '#contract/orders';
import { type Db, writeTransaction } from '../db/engine.ts';
import { isPlainUser, requireContract } from '../lib/access.ts';
import { ApiError, forbidden, invalidParameters, notFound } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import type { ContractRecord } from '../lib/customer-data.ts';
import { invoiceSituation } from '../lib/invoice-data.ts';
import { mailOrder } from '../lib/order-mail.ts';
import {
  cancelOrder,
  createOrder,
  currentSubscription,
  executeDueOrders,
  findOrder,
  initiatorOfRole,
  isOpenPlanChangeConflict,
  modifyOrder,
  openLinesOf,
  openPlanChangeRef,
  orderFacts,
  orderHistory,
  pendingProductLine,
  planOrder,
  stateFacts,
  type PlannedLine,
} from '../lib/order-data.ts';
import { buildPagination, pageWindow } from '../lib/paging.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import type { ResolvedSession } from '../lib/sessions.ts';
import { authOf } from '../plugins/auth.ts';
import { segmentOf } from './products.ts';
import { answered } from '../lib/idempotent-answer.ts';

/** English fallbacks of the refusals (the app shows `errors:<code>` in the user's language). */
const refusalMessages: Record<OrderRefusal, string> = {
  plainUser: 'Only the account holder can change this subscription.',
  fraud: 'The line is blocked for fraud.',
  suspectedFraud: 'The line is blocked for suspected fraudulent behaviour.',
  unpaid: 'An unpaid balance blocks changes to the subscription.',
  credit: 'The line is blocked after a credit check.',
  general: 'The line is blocked; contact customer service.',
  restricted: 'The subscription of a line in this state cannot be changed.',
  waitingRequest: 'A request about the line is still being processed.',
  pendingOrder: 'Another order is being executed on the line.',
};

const refusalError = (refusal: OrderRefusal): ApiError =>
  new ApiError(refusal === 'plainUser' ? 403 : 409, refusalErrorCode[refusal], refusalMessages[refusal]);

/**
 * The order changes and history of docs/product/api.md "Authenticated calls", with the rules of
 * docs/product/subscription.md "Who may change a subscription" and "Order rules" enforced here as
 * in the app (contract/contract-state.ts): a plain user, a blocked line (dunning or credit with an open balance,
 * fraud, a general problem, suspected fraudulent behaviour), a line whose state restricts changes, a waiting
 * request or an order being executed each refuse the order with its own code. Changes are online-only calls; the
 * Idempotency-Key plugin makes a repeated confirmation create one order.
 */
const registerOrderRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  const openBalance = async (tx: Db, customerId: number, now: Date): Promise<boolean> =>
    (await invoiceSituation(tx, customerId, now)).isInDebt;

  /** The line, after the session's rights and the refusal rules; a plain user is refused before anything else. */
  const changeableContract = async (tx: Db, auth: ResolvedSession, customerId: number, contractId: number): Promise<ContractRecord> => {
    const contract = await requireContract(tx, auth, customerId, contractId);
    const refusal = orderRefusal({
      contract: stateFacts(contract),
      plainUser: isPlainUser(auth.user),
      openBalance: await openBalance(tx, customerId, clock.now()),
      openLines: await openLinesOf(tx, contract.id),
    });
    if (refusal) throw refusalError(refusal);
    return contract;
  };

  /** `allowEmpty`: a modification back to the current plan changes nothing itself but withdraws the pending change. */
  const plan = async (
    tx: Db,
    auth: ResolvedSession,
    contract: ContractRecord,
    body: OrderRequest,
    allowEmpty = false,
  ): Promise<PlannedLine[]> => {
    const planned = await planOrder(tx, await currentSubscription(tx, contract), body, await segmentOf({ ...ctx, db: tx }, auth));
    if (!planned.ok) throw invalidParameters(planned.fields);
    // docs/product/subscription.md "Order rules", no update needed: the request is the subscription as it is.
    if (planned.lines.length === 0 && !allowEmpty) throw new ApiError(422, 'noUpdate', 'The subscription is unchanged');
    return planned.lines;
  };

  router.route(endpoints.orderHistory, async ({ params, query, request }) => {
    const auth = authOf(request);
    const contract = await requireContract(db, auth, params.customerId, params.contractId);
    // docs/product/roles.md "Plain user": a plain user cannot follow orders.
    if (isPlainUser(auth.user)) throw forbidden();
    const window = pageWindow(query['megalist-page'], query['megalist-batchSize']);
    const { lines, total } = await orderHistory(db, contract.id, {
      openOnly: query.open === '1',
      order: query['megalist-sortOrder'],
      limit: window.perPage,
      offset: window.offset,
    });
    const path = `/api/customer/${params.customerId}/contract/${params.contractId}/orders`;
    return {
      data: lines,
      pagination: buildPagination(window, total, lines.length, path, {
        'megalist-batchSize': window.perPage,
        'megalist-sortOrder': query['megalist-sortOrder'],
        open: query.open,
      }),
    };
  });

  /**
   * One open plan change per line (docs/product/subscription.md "Order rules"): the database refuses a second one in
   * the transaction that writes it (migration 020's unique index), however many requests arrive at once; the answer
   * names the order waiting, to modify or cancel instead.
   */
  const planChangeConflict = async (contractId: number): Promise<ApiError> => {
    const pending = (await openPlanChangeRef(db, contractId)) ?? undefined;
    return new ApiError(
      409,
      'orderPlanChangePending',
      `A plan change is already waiting on this line${pending ? ` (order ${pending})` : ''}: modify that order or cancel it`,
      pending === undefined ? {} : { orderId: pending },
    );
  };

  router.route(endpoints.createOrder, async ({ params, body, request }) => {
    const auth = authOf(request);
    // The unique index refuses a second plan change at the commit's write; a PostgreSQL transaction cannot go on
    // after an error, so the conflict is named once the transaction is over.
    const placed = await writeTransaction(db, async (tx) => {
      const contract = await changeableContract(tx, auth, params.customerId, params.contractId);
      const lines = await plan(tx, auth, contract, body);
      return answered(
        tx,
        await createOrder(tx, contract, lines, { type: initiatorOfRole(auth.user.role), ref: auth.user.guid }, clock.now()),
      );
    }).catch(async (error: unknown) => {
      if (isOpenPlanChangeConflict(error)) throw await planChangeConflict(params.contractId);
      throw error;
    });
    await mailOrder(ctx, request.log, placed.id, 'placed');
    return placed;
  });

  router.route(endpoints.modifyOrder, async ({ params, body, request }) => {
    const auth = authOf(request);
    const modified = await writeTransaction(db, async (tx) => {
      const contract = await changeableContract(tx, auth, params.customerId, params.contractId);
      const order = await findOrder(tx, contract.id, params.orderId);
      if (!order) throw notFound('Order not found');
      const pending = await pendingProductLine(tx, order.id);
      // docs/product/subscription.md "Order rules": only a pending plan change is modified, and only into another
      // product; anything else is a new order.
      if (!pending || pending.resource_id === body.product) {
        throw new ApiError(409, 'orderNotModifiable', 'Only a pending plan change can be modified, into another plan');
      }
      const lines = await plan(tx, auth, contract, body, true);
      return answered(tx, await modifyOrder(tx, contract, order.id, lines, clock.now()));
    });
    await mailOrder(ctx, request.log, modified.id, 'changed');
    return modified;
  });

  /** Cancels what may still be cancelled of an order, or one line of it; allowed on a blocked line too (it only withdraws). */
  const cancel = async (request: FastifyRequest, params: { customerId: number; contractId: number; orderId: string }, lineId?: number) => {
    const auth = authOf(request);
    const contract = await requireContract(db, auth, params.customerId, params.contractId);
    if (isPlainUser(auth.user)) throw refusalError('plainUser');
    const { orderPk, canceled } = await writeTransaction(db, async (tx) => {
      const order = await findOrder(tx, contract.id, params.orderId);
      if (!order) throw notFound('Order not found');
      const ids = await cancelOrder(tx, contract, order.id, clock.now(), lineId);
      if (ids.length === 0) {
        if (lineId !== undefined && !(await orderFacts(tx, order.id)).lines.some((line) => line.id === lineId))
          throw notFound('Order line not found');
        throw new ApiError(409, 'orderNotCancellable', 'Nothing in this order can be cancelled any more');
      }
      await answered(tx, { success: true });
      return { orderPk: order.id, canceled: ids };
    });
    await mailOrder(ctx, request.log, orderPk, 'canceled', canceled);
    return { success: true };
  };

  router.route(endpoints.cancelOrder, ({ params, request }) => cancel(request, params));

  router.route(endpoints.cancelOrderLine, ({ params, request }) => cancel(request, params, params.lineId));

  // PENDING → QUEUED when the date comes, QUEUED → SUCCESS or FAILED a minute later, by the server's clock.
  ctx.scheduler.register({
    name: 'orders.execute-due',
    run: async (now) => {
      await executeDueOrders(db, now, (tx, customerId) => openBalance(tx, customerId, now));
    },
  });
};

export default routePlugin((app, { ctx }) => {
  registerOrderRoutes(createRouter(app, ctx), ctx);
});
