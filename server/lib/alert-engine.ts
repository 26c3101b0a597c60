import { sql } from 'kysely';
import type { Language } from '#contract/common';
import type { NotificationChannel, NotificationType } from '#contract/settings';
import type { Db } from '../db/engine.ts';
import { renderAlert, type AlertMessage } from './alert-messages.ts';
import {
  activeChannels,
  deletePushSubscription,
  handledEvents,
  logNotification,
  pushSubscriptionsForLine,
  recordEvent,
  updateLogStatus,
  type PushSubscriptionRow,
} from './alert-data.ts';
import { dueCycleEvents, invoiceEventKey, type AlertEvent, type CycleSnapshot } from './alert-rules.ts';
import { findContact, findContract, type ContractRecord } from './customer-data.ts';
import { DeliveryError, type Mailer } from './mailer.ts';
import type { PushOutcome, PushSender } from './push.ts';
import { periodOf, usageSummary } from './usage-data.ts';

/*
 * The alert engine (docs/product/settings.md "Notifications": alerts by SMS, e-mail and push): a scheduler job
 * evaluates every active line on the clock's time, records each event once (lib/alert-rules.ts decides which are due)
 * and sends it on every channel the line chose then: e-mail to the holder's contact address and SMS to the line through
 * the mailer (SMTP, the development outbox or the log), and Web Push to the devices of the people who may see the line.
 * Every message is logged once per event and channel (notification_log: the customer's list of the last notifications).
 */

export type AlertDeps = { db: Db; mailer: Mailer; push: PushSender; publicUrl: string };

export type Delivery = {
  eventKey: string;
  type: NotificationType;
  channel: NotificationChannel;
  status: 'sent' | 'failed' | 'noRecipient';
};

/** The language of the account holder: its owner's choice in the app, else the contact's. */
const holderLanguage = async (db: Db, customerId: number): Promise<Language> =>
  (
    await db
      .selectFrom('users')
      .select('language')
      .where('customer_id', '=', customerId)
      .where('role', '=', 'owner')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  )?.language ??
  (await findContact(db, customerId))?.language ??
  'fr';

/** The language of whoever uses the line: its plain user's, else the holder's. */
const lineLanguage = async (db: Db, contract: ContractRecord): Promise<Language> =>
  (contract.linked_user_id === null
    ? undefined
    : (await db.selectFrom('users').select('language').where('id', '=', contract.linked_user_id).executeTakeFirst())?.language) ??
  (await holderLanguage(db, contract.customer_id));

export type Announcement = {
  customerId: number;
  contract: ContractRecord;
  eventKey: string;
  type: NotificationType;
  message: AlertMessage;
  /**
   * Account matters (invoices) go to the owners and admins only, never to a plain user's devices (docs/product/roles.md
   * "Plain user").
   */
  holderOnly: boolean;
};

const pushAll = async (
  deps: AlertDeps,
  subscriptions: readonly PushSubscriptionRow[],
  announcement: Announcement,
): Promise<PushOutcome[]> => {
  const outcomes: PushOutcome[] = [];
  for (const subscription of subscriptions) {
    const rendered = renderAlert(announcement.message, subscription.language, announcement.contract.id, 'PUSH', deps.publicUrl);
    const outcome = await deps.push.send(subscription, {
      title: rendered.title,
      body: rendered.text,
      lang: subscription.language,
      url: rendered.url,
      tag: announcement.eventKey,
      type: announcement.type,
    });
    // The push service forgot this subscription (404, 410): so do we, or every alert would try it again.
    if (!outcome.ok && outcome.gone) await deletePushSubscription(deps.db, subscription.id);
    outcomes.push(outcome);
  }
  return outcomes;
};

/** Send one event on each channel the line chose for its type; a channel already used for this event is skipped. */
export const announce = async (deps: AlertDeps, announcement: Announcement, now: Date): Promise<Delivery[]> => {
  const { db } = deps;
  const { contract, customerId, eventKey, type, message } = announcement;
  const deliveries: Delivery[] = [];
  for (const channel of await activeChannels(db, contract.id, type)) {
    const holder = await holderLanguage(db, customerId);
    const lang = channel === 'SMS' ? await lineLanguage(db, contract) : holder;
    const rendered = renderAlert(message, lang, contract.id, channel, deps.publicUrl);
    const recipient =
      channel === 'EMAIL' ? ((await findContact(db, customerId))?.email ?? null) : channel === 'SMS' ? contract.msisdn : null;
    const subscriptions = channel === 'PUSH' ? await pushSubscriptionsForLine(db, customerId, contract, announcement.holderOnly) : [];
    const hasRecipient = channel === 'PUSH' ? subscriptions.length > 0 : recipient !== null;
    // Claim the (line, event, channel) slot first: a concurrent run or a retry never sends the same message twice.
    const logId = await logNotification(db, {
      customerId,
      contractId: contract.id,
      userId: null,
      eventKey,
      type,
      channel,
      recipient,
      title: rendered.title,
      status: hasRecipient ? 'sent' : 'noRecipient',
      error: null,
      now,
    });
    if (logId === null) continue;
    if (!hasRecipient) {
      deliveries.push({ eventKey, type, channel, status: 'noRecipient' });
      continue;
    }
    let error: string | null = null;
    if (channel === 'PUSH') {
      const outcomes = await pushAll(deps, subscriptions, announcement);
      if (!outcomes.some((o) => o.ok)) error = outcomes.map((o) => (o.ok ? '' : o.error)).join('; ');
    } else if (recipient !== null) {
      try {
        await deps.mailer.send({ channel, to: recipient, subject: rendered.title, text: rendered.text });
      } catch (failure) {
        if (!(failure instanceof DeliveryError)) throw failure;
        error = failure.message;
      }
    }
    if (error !== null) await updateLogStatus(db, logId, 'failed', error);
    deliveries.push({ eventKey, type, channel, status: error === null ? 'sent' : 'failed' });
  }
  return deliveries;
};

const messageOf = (event: AlertEvent, msisdn: string): AlertMessage => {
  switch (event.type) {
    case '80PC':
    case '100PC':
      return { kind: 'usage', percent: event.type === '80PC' ? 80 : 100, usage: event.usage, msisdn };
    case 'OOB':
      return event.kind === 'start'
        ? { kind: 'oobStart', msisdn }
        : { kind: 'oobThreshold', safeguard: event.safeguard, spentCents: event.spentCents, thresholdCents: event.thresholdCents, msisdn };
  }
};

/** The figures of a line's current cycle the rules look at (from the same summary as GET …/usage). */
export const cycleSnapshot = async (db: Db, contract: ContractRecord, now: Date): Promise<CycleSnapshot> => {
  const period = await periodOf(db, contract, now, 'current');
  const summary = await usageSummary(db, contract, period);
  const dataOob = summary.balances.find((b) => b.type === 'DATA')?.overspentValue ?? 0;
  return {
    cycleStart: period.start,
    usage: summary.balances.map((b) => ({ type: b.type, used: b.value, bundle: b.balanceValue })),
    spending: { OSG: summary.cdrOverspent.credit, PSG: summary.cdrOverspent.premium, DSG: dataOob },
    alertThresholds: Object.fromEntries(summary.safeguard.map((s) => [s.type, s.alert])),
  };
};

/**
 * What a line has overspent against each safeguard is its current cycle's out-of-bundle spending: kept in step with
 * the usage (the home page's "limit reached" alert reads it).
 */
const syncOverspent = async (db: Db, contractId: number, spending: CycleSnapshot['spending']): Promise<void> => {
  for (const type of ['OSG', 'PSG', 'DSG'] as const) {
    await db
      .updateTable('safeguards')
      .set({ overspent_credit_cents: spending[type] })
      .where('contract_id', '=', contractId)
      .where('type', '=', type)
      .where('overspent_credit_cents', '<>', spending[type])
      .execute();
  }
};

/** Lines that consume, hence may cross a threshold: the active ones. */
const activeLines = async (db: Db, contractIds?: readonly number[]): Promise<ContractRecord[]> => {
  const rows = await db.selectFrom('contracts').selectAll().where('status', '=', 'ACTIVATED').orderBy('id').execute();
  return contractIds ? rows.filter((row) => contractIds.includes(row.id)) : rows;
};

type InvoiceRecord = { uuid: string; customer_id: number; contract_id: number | null; total_incl_vat_cents: number; due_date: string };

/** The line an invoice's alert belongs to: its own, else the customer's first active line (its alert choices apply). */
const invoiceLine = async (db: Db, invoice: InvoiceRecord): Promise<ContractRecord | undefined> =>
  (invoice.contract_id === null ? undefined : await findContract(db, invoice.customer_id, invoice.contract_id)) ??
  (await db
    .selectFrom('contracts')
    .selectAll()
    .where('customer_id', '=', invoice.customer_id)
    .where('status', '=', 'ACTIVATED')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst());

/** Record the events that are true now, without sending anything: the state a new database starts from (the seed). */
export const markCurrentEventsHandled = async (db: Db, now: Date): Promise<void> => {
  for (const contract of await activeLines(db)) {
    const snapshot = await cycleSnapshot(db, contract, now);
    await syncOverspent(db, contract.id, snapshot.spending);
    for (const event of dueCycleEvents(snapshot, await handledEvents(db, contract.id)))
      await recordEvent(db, contract.id, event.key, false, now);
  }
  for (const invoice of await unannouncedInvoices(db, now)) {
    const line = await invoiceLine(db, invoice);
    if (line) await recordEvent(db, line.id, invoiceEventKey(invoice.uuid), false, now);
  }
};

const unannouncedInvoices = (db: Db, now: Date): Promise<InvoiceRecord[]> =>
  db
    .selectFrom('invoices as i')
    .select(['i.uuid', 'i.customer_id', 'i.contract_id', 'i.total_incl_vat_cents', 'i.due_date'])
    .where('i.generated_at', '<=', now.toISOString())
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('alert_events as e')
            .select('e.event_key')
            .whereRef('e.event_key', '=', sql`'INV:' || i.uuid`),
        ),
      ),
    )
    .orderBy('i.generated_at')
    .orderBy('i.id')
    .execute();

/**
 * One evaluation (the `alerts.evaluate` job, and the test-mode usage route for its line): every event that became
 * true since the last run is recorded and announced. Running it again sends nothing new.
 */
export const evaluateAlerts = async (deps: AlertDeps, now: Date, contractIds?: readonly number[]): Promise<Delivery[]> => {
  const { db } = deps;
  const deliveries: Delivery[] = [];
  for (const contract of await activeLines(db, contractIds)) {
    const snapshot = await cycleSnapshot(db, contract, now);
    await syncOverspent(db, contract.id, snapshot.spending);
    for (const event of dueCycleEvents(snapshot, await handledEvents(db, contract.id))) {
      // Recorded before sending, in one statement: a concurrent run (on any instance) that recorded it first sends it,
      // not this one.
      if (!(await recordEvent(db, contract.id, event.key, event.notify, now)) || !event.notify) continue;
      const msisdn = contract.msisdn ?? contract.contract_ref;
      deliveries.push(
        ...(await announce(
          deps,
          {
            customerId: contract.customer_id,
            contract,
            eventKey: event.key,
            type: event.type,
            message: messageOf(event, msisdn),
            holderOnly: false,
          },
          now,
        )),
      );
    }
  }
  if (contractIds) return deliveries;
  for (const invoice of await unannouncedInvoices(db, now)) {
    const line = await invoiceLine(db, invoice);
    const key = invoiceEventKey(invoice.uuid);
    if (!line || !(await recordEvent(db, line.id, key, true, now))) continue;
    deliveries.push(
      ...(await announce(
        deps,
        {
          customerId: invoice.customer_id,
          contract: line,
          eventKey: key,
          type: 'INV',
          message: { kind: 'invoice', amountCents: invoice.total_incl_vat_cents, dueDate: invoice.due_date },
          holderOnly: true,
        },
        now,
      )),
    );
  }
  return deliveries;
};
