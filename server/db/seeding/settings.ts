import { cycleSnapshot, markCurrentEventsHandled } from '../../lib/alert-engine.ts';
import { renderAlert } from '../../lib/alert-messages.ts';
import { invoiceEventKey } from '../../lib/alert-rules.ts';
import { OWN_LIMITS, SENT_MESSAGES } from '../demo/settings.ts';
import type { SeedContext } from './context.ts';

/**
 * The settings area: Sophie's own limits, every alert event that is already true marked as handled (a new server
 * announces only what happens after its start), and the messages Sophie received. Runs last: it reads the usage,
 * the safeguards and the invoices of the earlier steps.
 */
export const seedSettings = async ({ db, now, daysAgo }: SeedContext): Promise<void> => {
  for (const limit of OWN_LIMITS) {
    await db
      .updateTable('safeguards')
      .set({ current_cents: limit.currentCents, alert_cents: limit.alertCents })
      .where('contract_id', '=', limit.contractId)
      .where('type', '=', limit.type)
      .execute();
  }

  await markCurrentEventsHandled(db, now);

  const insertLog = (entry: {
    customerId: number;
    contractId: number;
    eventKey: string;
    type: '80PC' | 'INV';
    channel: 'SMS' | 'EMAIL' | 'PUSH';
    recipient: string | null;
    title: string;
    createdAt: string;
  }) =>
    db
      .insertInto('notification_log')
      .values({
        customer_id: entry.customerId,
        contract_id: entry.contractId,
        event_key: entry.eventKey,
        type: entry.type,
        channel: entry.channel,
        recipient: entry.recipient,
        title: entry.title,
        status: 'sent',
        created_at: entry.createdAt,
      })
      .execute();
  for (const message of SENT_MESSAGES) {
    const contract = await db.selectFrom('contracts').selectAll().where('id', '=', message.contractId).executeTakeFirst();
    if (!contract?.msisdn) throw new Error(`demo message on unknown line ${message.contractId}`);
    const email =
      (await db.selectFrom('contacts').select('email').where('customer_id', '=', contract.customer_id).executeTakeFirst())?.email ?? null;
    const recipient = message.channel === 'SMS' ? contract.msisdn : email;
    if (message.event === 'data80') {
      const key = `80PC:DATA:${(await cycleSnapshot(db, contract, now)).cycleStart}`;
      const { title } = renderAlert(
        { kind: 'usage', percent: 80, usage: 'DATA', msisdn: contract.msisdn },
        'fr',
        contract.id,
        message.channel,
        '',
      );
      await insertLog({
        customerId: contract.customer_id,
        contractId: contract.id,
        eventKey: key,
        type: '80PC',
        channel: message.channel,
        recipient,
        title,
        createdAt: new Date(daysAgo(message.ageDays)).toISOString(),
      });
      continue;
    }
    const invoice = await db
      .selectFrom('invoices')
      .select(['uuid', 'generated_at', 'total_incl_vat_cents', 'due_date'])
      .where('customer_id', '=', contract.customer_id)
      .orderBy('generated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!invoice) continue;
    const { title } = renderAlert(
      { kind: 'invoice', amountCents: invoice.total_incl_vat_cents, dueDate: invoice.due_date },
      'fr',
      contract.id,
      message.channel,
      '',
    );
    await insertLog({
      customerId: contract.customer_id,
      contractId: contract.id,
      eventKey: invoiceEventKey(invoice.uuid),
      type: 'INV',
      channel: message.channel,
      recipient,
      title,
      createdAt: invoice.generated_at,
    });
  }
};
