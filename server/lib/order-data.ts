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
 *
 * The area is split by stage: order-history.ts (reading), order-planning.ts (what an order changes and when),
 * order-changes.ts (placing, modifying, cancelling, pricing), order-execution.ts (the clock's job). This module is
 * the area's one door for the route (routes/orders.ts), so that a route need not know the split.
 */

export {
  cancelOrder,
  createOrder,
  isOpenPlanChangeConflict,
  modifyOrder,
  openPlanChangeRef,
  orderFacts,
  pendingProductLine,
} from './order-changes.ts';
export { executeDueOrders } from './order-execution.ts';
export { openLinesOf, orderHistory, stateFacts } from './order-history.ts';
export { currentSubscription, findOrder, initiatorOfRole, planOrder, type PlannedLine } from './order-planning.ts';
