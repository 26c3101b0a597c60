import type { OrderLine } from '#contract/orders';
import type { AppContext } from './app-context.ts';
import { renderOrderMail, type OrderMail, type OrderMailChange } from './billing-messages.ts';
import { holderOf } from './holder.ts';
import { DeliveryError } from './mailer.ts';
import { orderFacts } from './order-data.ts';

type WarnLog = { warn: (details: object, message: string) => void };

const change = (line: OrderLine): OrderMailChange =>
  line.item_kind === 'PRODUCT'
    ? { kind: 'product', from: line.old_value ?? '', to: line.new_value ?? line.resource_name, date: line.scheduled_date }
    : {
        kind: 'option',
        name: line.resource_name,
        from: Number(line.old_value ?? 0),
        to: Number(line.new_value ?? 0),
        date: line.scheduled_date,
      };

const planOrOption = (line: OrderLine): boolean => line.item_kind === 'PRODUCT' || line.item_kind === 'OPTION';

/**
 * The order's e-mail to the account holder, once its transaction is committed (docs/product/subscription.md "Order
 * e-mails"): placed, changed or cancelled, with what it still does and its price line by line as stored. A mail
 * that cannot be delivered does not undo the order: it is logged.
 */
export const mailOrder = async (
  ctx: Pick<AppContext, 'db' | 'mailer' | 'mail'>,
  log: WarnLog,
  orderPk: number,
  event: OrderMail['event'],
  canceledIds: readonly number[] = [],
): Promise<void> => {
  const facts = await orderFacts(ctx.db, orderPk);
  const holder = await holderOf(ctx.db, facts.customerId);
  if (!holder?.contactEmail) return;
  const mail = renderOrderMail(
    {
      event,
      name: holder.name,
      order: facts.orderRef,
      msisdn: facts.msisdn,
      changes: facts.open.filter(planOrOption).map(change),
      canceled: facts.lines.filter((line) => canceledIds.includes(line.id)).map(change),
      pricing: facts.pricing,
      link: `${ctx.mail.publicUrl}/orders`,
    },
    holder.language,
  );
  try {
    await ctx.mailer.send({ channel: 'EMAIL', to: holder.contactEmail, subject: mail.subject, text: mail.text });
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    log.warn({ err: error, order: facts.orderRef }, 'order e-mail not delivered');
  }
};
