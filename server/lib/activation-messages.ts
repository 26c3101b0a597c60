import type { SimOrder } from '#contract/activation';
import type { Db } from '../db/engine.ts';
import { findSimOrderById, recipientOf, toSimOrder } from './activation-data.ts';
import type { AppContext } from './app-context.ts';
import { appUrl, sendAccountMessage } from './auth-messages.ts';
import type { ProvisioningOutcome } from './activation-orders.ts';

/* What the customer is told when provisioning moves a SIM order on (docs/product/activation.md "Order follow-up"). */

/**
 * The line works: the customer is told by e-mail (and by every other channel added here). The one place that says
 * so, whichever request or job made the line active.
 */
const notifyLineActive = async (ctx: AppContext, order: SimOrder): Promise<void> => {
  await sendOrderMessage(ctx, order, 'lineActive');
};

/** The transfer failed: the e-mail says why in general terms; the follow-up names the reason. */
const notifyPortInFailed = async (ctx: AppContext, order: SimOrder): Promise<void> => {
  await sendOrderMessage(ctx, order, 'portInFailed');
};

/** An account of the customer follows the order in the app; a customer without one follows it from the activation page. */
const followPath = async (db: Db, order: SimOrder): Promise<string> => {
  const account = await db.selectFrom('users').select('id').where('customer_id', '=', order.customerId).limit(1).executeTakeFirst();
  return account ? `/orders/${order.uuid}` : '/orders/activate';
};

const sendOrderMessage = async (ctx: AppContext, order: SimOrder, kind: 'lineActive' | 'portInFailed'): Promise<void> => {
  const recipient = await recipientOf(ctx.db, order.customerId);
  if (!recipient) return;
  await sendAccountMessage(ctx, {
    channel: 'EMAIL',
    to: recipient.email,
    lang: recipient.language,
    kind,
    vars: {
      name: recipient.firstName,
      order: order.orderRef,
      number: kind === 'portInFailed' ? (order.portIn?.msisdn ?? '') : (order.msisdn ?? ''),
      link: appUrl(ctx, await followPath(ctx.db, order)),
    },
  });
};

export const notifyOutcome = async (ctx: AppContext, outcome: ProvisioningOutcome): Promise<void> => {
  const row = await findSimOrderById(ctx.db, outcome.simOrderId);
  if (!row) return;
  const order = await toSimOrder(ctx.db, row);
  if (outcome.kind === 'active') await notifyLineActive(ctx, order);
  else await notifyPortInFailed(ctx, order);
};
