import { cycleSnapshot, markCurrentEventsHandled } from '../../lib/alert-engine.ts';
import { renderAlert } from '../../lib/alert-messages.ts';
import type { ContractRow } from '../../lib/customer-data.ts';
import { invoiceEventKey } from '../../lib/alert-rules.ts';
import { OWN_LIMITS, SENT_MESSAGES } from '../demo/settings.ts';
import type { SeedContext } from './context.ts';

/**
 * The settings area: Sophie's own limits, every alert event that is already true marked as handled (a new server
 * announces only what happens after its start), and the messages Sophie received. Runs last: it reads the usage,
 * the safeguards and the invoices of the earlier steps.
 */
export const seedSettings = ({ db, now, daysAgo }: SeedContext): void => {
  const setLimit = db.prepare<[number, number, number, string]>(
    'UPDATE safeguards SET current_cents = ?, alert_cents = ? WHERE contract_id = ? AND type = ?',
  );
  for (const limit of OWN_LIMITS) setLimit.run(limit.currentCents, limit.alertCents, limit.contractId, limit.type);

  markCurrentEventsHandled(db, now);

  const insertLog = db.prepare<[number, number, string, string, string, string | null, string, string]>(
    `INSERT INTO notification_log (customer_id, contract_id, event_key, type, channel, recipient, title, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'sent', ?)`,
  );
  for (const message of SENT_MESSAGES) {
    const contract = db.prepare<[number], ContractRow>('SELECT * FROM contracts WHERE id = ?').get(message.contractId);
    if (!contract?.msisdn) throw new Error(`demo message on unknown line ${message.contractId}`);
    const email =
      db.prepare<[number], { email: string }>('SELECT email FROM contacts WHERE customer_id = ?').get(contract.customer_id)?.email ?? null;
    const recipient = message.channel === 'SMS' ? contract.msisdn : email;
    if (message.event === 'data80') {
      const key = `80PC:DATA:${cycleSnapshot(db, contract, now).cycleStart}`;
      const { title } = renderAlert(
        { kind: 'usage', percent: 80, usage: 'DATA', msisdn: contract.msisdn },
        'fr',
        contract.id,
        message.channel,
        '',
      );
      insertLog.run(
        contract.customer_id,
        contract.id,
        key,
        '80PC',
        message.channel,
        recipient,
        title,
        new Date(daysAgo(message.ageDays)).toISOString(),
      );
      continue;
    }
    const invoice = db
      .prepare<[number], { uuid: string; generated_at: string; total_incl_vat_cents: number; due_date: string }>(
        'SELECT uuid, generated_at, total_incl_vat_cents, due_date FROM invoices WHERE customer_id = ? ORDER BY generated_at DESC LIMIT 1',
      )
      .get(contract.customer_id);
    if (!invoice) continue;
    const { title } = renderAlert(
      { kind: 'invoice', amountCents: invoice.total_incl_vat_cents, dueDate: invoice.due_date },
      'fr',
      contract.id,
      message.channel,
      '',
    );
    insertLog.run(
      contract.customer_id,
      contract.id,
      invoiceEventKey(invoice.uuid),
      'INV',
      message.channel,
      recipient,
      title,
      invoice.generated_at,
    );
  }
};
