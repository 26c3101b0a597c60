import { cycleSnapshot, markCurrentEventsHandled } from '../../lib/alert-engine.ts';
import { renderAlert } from '../../lib/alert-messages.ts';
import { invoiceEventKey } from '../../lib/alert-rules.ts';
import { startOfLocalDay } from '#contract/calendar';
import { OWN_LIMITS, SENT_MESSAGES } from '../data/settings.ts';
import type { Db } from '../../db/engine.ts';
import type { SeedContext } from './context.ts';

/** A minute after the record with which the line's data this cycle passed `bytes`: when the alert went out. */
const crossingTime = async (db: Db, contractId: number, from: number, bytes: number): Promise<number> => {
  const records = await db
    .selectFrom('usage_records')
    .select(['service_used', 'event_time'])
    .where('contract_id', '=', contractId)
    .where('service_cat', '=', 'data')
    .where('event_time', '>=', from)
    .orderBy('event_time')
    .execute();
  let total = 0;
  for (const record of records) {
    total += Number(record.service_used);
    if (total >= bytes) return Number(record.event_time) + 60_000;
  }
  throw new Error(`line ${contractId} never passed ${bytes} bytes of data this cycle`);
};

/**
 * The settings area: Sophie's own limits, every alert event that is already true marked as handled (a new server
 * announces only what happens after its start), and the messages Sophie received. Runs last: it reads the usage,
 * the safeguards and the invoices of the earlier steps.
 */
export const seedSettings = async ({ db, now }: SeedContext): Promise<void> => {
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
      const snapshot = await cycleSnapshot(db, contract, now);
      const data = snapshot.usage.find((usage) => usage.type === 'DATA');
      // Sent when the line passed 80 % of its data this cycle: not yet early in the cycle (the usage holds the part of
      // the cycle elapsed), and never before the cycle began.
      if (!data || data.bundle <= 0 || data.used < 0.8 * data.bundle) continue;
      const key = `80PC:DATA:${snapshot.cycleStart}`;
      const sentAt = await crossingTime(db, contract.id, startOfLocalDay(snapshot.cycleStart), 0.8 * data.bundle);
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
        createdAt: new Date(Math.min(sentAt, now.getTime())).toISOString(),
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
