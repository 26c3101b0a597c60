import {
  changeDelayMs,
  isSafeguardResource,
  lineRefusal,
  safeguardResourceParts,
  type LineResource,
  type SafeguardType,
} from '#contract/line-settings';
import type { LineChange, LineSettings } from '#contract/settings';
import { type Db, writeTransaction } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import type { ContractRecord } from './customer-data.ts';
import { nextOrderRef } from './order-planning.ts';
import { localDate } from '#contract/calendar';
import { bool } from './sql.ts';
import { safeguardsOf } from './usage-data.ts';

/*
 * A line's settings and safeguards, and their changes as order lines (docs/product/settings.md "Line changes and when
 * they apply": order items SAFEGUARD and SETTING in the orders/order_lines tables, so they appear in the order
 * history). A change is requested now and applied by the settings job when its instant (`apply_at`) has passed: limits
 * within 2 minutes, roaming up to 4 hours.
 */

type SettingsRow = Pick<
  Row<'contract_settings'>,
  'premium_barring' | 'international_barring' | 'roaming_type' | 'throttling' | 'pin' | 'puk'
>;

/** What a line has before anyone chose: the table's defaults. */
const DEFAULT_SETTINGS: SettingsRow = {
  premium_barring: 'none',
  international_barring: 0,
  roaming_type: 'EU_INCLUDE_SWISS',
  throttling: 'NONE',
  pin: '',
  puk: '',
};

const findSettings = async (db: Db, contractId: number): Promise<SettingsRow> =>
  (await db
    .selectFrom('contract_settings')
    .select(['premium_barring', 'international_barring', 'roaming_type', 'throttling', 'pin', 'puk'])
    .where('contract_id', '=', contractId)
    .executeTakeFirst()) ?? DEFAULT_SETTINGS;

const changes = (db: Db) =>
  db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'o.order_ref',
      'l.item_kind',
      'l.resource_name',
      'l.old_value',
      'l.new_value',
      'l.status',
      'l.created_at',
      'l.apply_at',
      'l.executed_at',
      'l.error',
      'o.contract_id',
      'l.order_id',
    ])
    // Only SAFEGUARD and SETTING lines have an apply_at, written by recordLineChange with a LineResource and a value.
    .where('l.apply_at', 'is not', null)
    .where('l.item_kind', 'in', ['SAFEGUARD', 'SETTING'])
    .$narrowType<{ item_kind: 'SAFEGUARD' | 'SETTING'; resource_name: LineResource; new_value: string; apply_at: string }>();

type LineChangeRow = Awaited<ReturnType<ReturnType<typeof changes>['executeTakeFirstOrThrow']>>;

const toLineChange = (row: LineChangeRow): LineChange => ({
  id: row.id,
  orderRef: row.order_ref,
  kind: row.item_kind,
  resource: row.resource_name,
  oldValue: row.old_value,
  newValue: row.new_value,
  status: row.status,
  createdAt: row.created_at,
  applyAt: row.apply_at,
  executedAt: row.executed_at,
  error: row.error,
});

/** How long an applied or failed change stays on the settings screen (its "done" note). */
const RECENT_MS = 24 * 3_600_000;

/** The line's waiting changes, and those executed in the last 24 hours, oldest first. */
export const recentLineChanges = async (db: Db, contractId: number, now: Date): Promise<LineChange[]> =>
  (
    await changes(db)
      .where('o.contract_id', '=', contractId)
      .where((eb) =>
        eb.or([
          eb('l.status', 'in', ['PENDING', 'QUEUED']),
          eb.and([
            eb('l.status', 'in', ['SUCCESS', 'FAILED']),
            eb('l.executed_at', '>=', new Date(now.getTime() - RECENT_MS).toISOString()),
          ]),
        ]),
      )
      .orderBy('l.created_at')
      .orderBy('l.id')
      .execute()
  ).map(toLineChange);

/** GET …/settings. A line without a settings row has the defaults and no known PIN or PUK. */
export const lineSettings = async (db: Db, contract: ContractRecord, now: Date): Promise<LineSettings> => {
  const row = await findSettings(db, contract.id);
  return {
    contractId: contract.id,
    settings: {
      premiumBarring: row.premium_barring,
      internationalBarring: bool(row.international_barring),
      roamingType: row.roaming_type,
      throttling: row.throttling,
    },
    codes: { pin: row.pin === '' ? null : row.pin, puk: row.puk === '' ? null : row.puk },
    safeguards: await safeguardsOf(db, contract.id),
    changes: await recentLineChanges(db, contract.id, now),
  };
};

type SafeguardRow = { current_cents: number; alert_cents: number; max_cents: number };

export const findSafeguard = (db: Db, contractId: number, type: SafeguardType): Promise<SafeguardRow | undefined> =>
  db
    .selectFrom('safeguards')
    .select(['current_cents', 'alert_cents', 'max_cents'])
    .where('contract_id', '=', contractId)
    .where('type', '=', type)
    .executeTakeFirst();

/** The value a resource has now on the line, as an order line writes it (cents, enum value, `0`/`1`). */
export const currentValueOf = async (db: Db, contractId: number, resource: LineResource): Promise<string | null> => {
  if (isSafeguardResource(resource)) {
    const { type, form } = safeguardResourceParts(resource);
    const safeguard = await findSafeguard(db, contractId, type);
    if (!safeguard) return null;
    return String(form === 'LIMIT' ? safeguard.current_cents : safeguard.alert_cents);
  }
  const row = await findSettings(db, contractId);
  switch (resource) {
    case 'ROAMING':
      return row.roaming_type;
    case 'THROTTLING':
      return row.throttling;
    case 'PREMIUM_BARRING':
      return row.premium_barring;
    case 'INTERNATIONAL_BARRING':
      return String(row.international_barring);
  }
};

/** The waiting changes of one resource of a line. */
const waitingChanges = (db: Db, contractId: number, resource: LineResource) =>
  changes(db)
    .where('o.contract_id', '=', contractId)
    .where('l.resource_name', '=', resource)
    .where('l.status', 'in', ['PENDING', 'QUEUED']);

/** The value a waiting change of this resource will give the line, or null when none waits. */
export const pendingValueOf = async (db: Db, contractId: number, resource: LineResource): Promise<string | null> =>
  (await waitingChanges(db, contractId, resource).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(1).executeTakeFirst())
    ?.new_value ?? null;

export type LineChangeRequest = {
  contractId: number;
  resource: LineResource;
  oldValue: string | null;
  newValue: string;
  initiatorType: 'U' | 'O' | 'A' | 'C' | 'S';
  initiatorRef: string | null;
  now: Date;
};

/**
 * The one write of a settings order: an order with one SAFEGUARD or SETTING line, PENDING until `now` plus the
 * resource's delay. A waiting change of the same resource is cancelled: the latest request is the one that applies.
 * In one write transaction (joining the caller's).
 */
export const recordLineChange = (db: Db, request: LineChangeRequest): Promise<LineChange> =>
  writeTransaction(db, async (tx) => {
    const { contractId, resource, now } = request;
    const created = now.toISOString();
    const applyAtMs = now.getTime() + changeDelayMs(resource);
    const applyAt = new Date(applyAtMs).toISOString();
    const scheduledDate = localDate(applyAtMs);
    for (const line of await waitingChanges(tx, contractId, resource).execute()) {
      await tx.updateTable('order_lines').set({ status: 'CANCELED', executed_at: created }).where('id', '=', line.id).execute();
      await tx.updateTable('orders').set({ status: 'CANCELED', executed_at: created }).where('id', '=', line.order_id).execute();
    }
    const kind = isSafeguardResource(resource) ? 'SAFEGUARD' : 'SETTING';
    const { id: orderId } = await tx
      .insertInto('orders')
      .values({
        order_ref: await nextOrderRef(tx),
        contract_id: contractId,
        status: 'PENDING',
        created_at: created,
        scheduled_date: scheduledDate,
        initiator_ref: request.initiatorRef,
        initiator_type: request.initiatorType,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: lineId } = await tx
      .insertInto('order_lines')
      .values({
        order_id: orderId,
        order_type: kind === 'SAFEGUARD' ? 'safeguard' : 'setting',
        item_kind: kind,
        resource_name: resource,
        old_value: request.oldValue,
        new_value: request.newValue,
        status: 'PENDING',
        is_cancellable: 0,
        scheduled_date: scheduledDate,
        apply_at: applyAt,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await changes(tx).where('l.id', '=', lineId).executeTakeFirst();
    if (!row) throw new Error(`order line ${lineId} just written is missing`);
    return toLineChange(row);
  });

/** The waiting SAFEGUARD and SETTING lines whose instant has passed, oldest first. */
export const dueLineChanges = (db: Db, now: Date): Promise<LineChangeRow[]> =>
  changes(db)
    .where('l.status', 'in', ['PENDING', 'QUEUED'])
    .where('l.apply_at', '<=', now.toISOString())
    .orderBy('l.apply_at')
    .orderBy('l.id')
    .execute();

export type DueLineChange = LineChangeRow;

const writeValue = async (db: Db, contractId: number, resource: LineResource, value: string): Promise<void> => {
  if (isSafeguardResource(resource)) {
    const { type, form } = safeguardResourceParts(resource);
    const cents = Number(value);
    if (form === 'LIMIT') {
      // A new limit replaces one planned for the next cycle. Its alert is the customer's to move (the route refuses a
      // limit below it until the alert was changed): never moved here.
      await db
        .updateTable('safeguards')
        .set({ current_cents: cents, next_cents: null })
        .where('contract_id', '=', contractId)
        .where('type', '=', type)
        .execute();
    } else {
      await db
        .updateTable('safeguards')
        .set({ alert_cents: cents })
        .where('contract_id', '=', contractId)
        .where('type', '=', type)
        .execute();
    }
    return;
  }
  // A line seeded without settings gets its row now; its PIN and PUK stay unknown ('').
  await db
    .insertInto('contract_settings')
    .values({ contract_id: contractId, pin: '', puk: '' })
    .onConflict((oc) => oc.column('contract_id').doNothing())
    .execute();
  const settings = db.updateTable('contract_settings').where('contract_id', '=', contractId);
  // The value was checked against the resource's values when the change was requested (contract/line-settings.ts),
  // and the column's CHECK refuses any other.
  switch (resource) {
    case 'ROAMING':
      await settings.set({ roaming_type: value as SettingsRow['roaming_type'] }).execute();
      return;
    case 'THROTTLING':
      await settings.set({ throttling: value as SettingsRow['throttling'] }).execute();
      return;
    case 'PREMIUM_BARRING':
      await settings.set({ premium_barring: value as SettingsRow['premium_barring'] }).execute();
      return;
    case 'INTERNATIONAL_BARRING':
      await settings.set({ international_barring: Number(value) }).execute();
      return;
  }
};

/**
 * Apply one due line: the value goes onto the line and the line and its order become SUCCESS; a line that got
 * blocked or closed in the meantime, or a limit now above the line's maximum, fails instead (FAILED, TEXT error).
 * In one write transaction (joining the caller's); returns the outcome.
 */
export const applyLineChange = (
  db: Db,
  change: DueLineChange,
  contract: ContractRecord | undefined,
  now: Date,
): Promise<'SUCCESS' | 'FAILED'> =>
  writeTransaction(db, async (tx) => {
    const at = now.toISOString();
    let error: string | null = null;
    if (!contract) error = 'Contract not found';
    else {
      const refusal = lineRefusal({
        status: contract.status,
        subStatus: contract.sub_status,
        fraudulentBehaviour: bool(contract.fraudulent_behaviour),
        dunningLevelReached: bool(contract.dunning_level_reached),
      });
      if (refusal) error = refusal === 'contractBlocked' ? 'The line is blocked.' : 'The line is closed.';
      else if (isSafeguardResource(change.resource_name)) {
        const { type, form } = safeguardResourceParts(change.resource_name);
        const safeguard = await findSafeguard(tx, contract.id, type);
        if (!safeguard) error = 'The line has no such limit.';
        else if (form === 'LIMIT' && Number(change.new_value) > safeguard.max_cents) error = 'The limit is above the maximum of the line.';
      }
    }
    if (error === null && contract) await writeValue(tx, contract.id, change.resource_name, change.new_value);
    const status = error === null ? 'SUCCESS' : 'FAILED';
    await tx
      .updateTable('order_lines')
      .set({ status, executed_at: at, reason_error: error === null ? null : 'TEXT', error })
      .where('id', '=', change.id)
      .execute();
    await tx.updateTable('orders').set({ status, executed_at: at }).where('id', '=', change.order_id).execute();
    return status;
  });
