import {
  changeDelayMs,
  isSafeguardResource,
  lineRefusal,
  safeguardResourceParts,
  type LineResource,
  type SafeguardType,
} from '#contract/line-settings';
import type { ContractSettings, LineChange, LineSettings } from '#contract/settings';
import type { Db } from '../db/database.ts';
import type { ContractRow } from './customer-data.ts';
import { localDate } from './service-calendar.ts';
import { bool, stmt } from './sql.ts';
import { safeguardsOf } from './usage-data.ts';

/*
 * A line's settings and safeguards, and their changes as order lines (SPEC §3: order items SAFEGUARD and SETTING in
 * the orders/order_lines tables, so they appear in the order history). A change is requested now and applied by
 * the settings job when its instant (`apply_at`) has passed: SPEC §4, limits within 2 minutes, roaming up to 4 hours.
 */

type SettingsRow = {
  premium_barring: ContractSettings['premiumBarring'];
  international_barring: number;
  roaming_type: ContractSettings['roamingType'];
  throttling: ContractSettings['throttling'];
  pin: string;
  puk: string;
};

/** What a line has before anyone chose: the table's defaults. */
const DEFAULT_SETTINGS: SettingsRow = {
  premium_barring: 'none',
  international_barring: 0,
  roaming_type: 'EU_INCLUDE_SWISS',
  throttling: 'NONE',
  pin: '',
  puk: '',
};

const findSettings = (db: Db, contractId: number): SettingsRow =>
  stmt<[number], SettingsRow>(
    db,
    'SELECT premium_barring, international_barring, roaming_type, throttling, pin, puk FROM contract_settings WHERE contract_id = ?',
  ).get(contractId) ?? DEFAULT_SETTINGS;

type LineChangeRow = {
  id: number;
  order_ref: string;
  item_kind: 'SAFEGUARD' | 'SETTING';
  resource_name: LineResource;
  old_value: string | null;
  new_value: string;
  status: LineChange['status'];
  created_at: string;
  apply_at: string;
  executed_at: string | null;
  error: string | null;
  contract_id: number;
  order_id: number;
};

const CHANGE_COLUMNS = `l.id, o.order_ref, l.item_kind, l.resource_name, l.old_value, l.new_value, l.status, l.created_at, l.apply_at,
  l.executed_at, l.error, o.contract_id, l.order_id`;

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
export const recentLineChanges = (db: Db, contractId: number, now: Date): LineChange[] =>
  stmt<[number, string], LineChangeRow>(
    db,
    `SELECT ${CHANGE_COLUMNS} FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.contract_id = ? AND l.apply_at IS NOT NULL AND l.item_kind IN ('SAFEGUARD', 'SETTING')
       AND (l.status IN ('PENDING', 'QUEUED') OR (l.status IN ('SUCCESS', 'FAILED') AND l.executed_at >= ?))
     ORDER BY l.created_at, l.id`,
  )
    .all(contractId, new Date(now.getTime() - RECENT_MS).toISOString())
    .map(toLineChange);

/** GET …/settings. A line without a settings row has the defaults and no known PIN or PUK. */
export const lineSettings = (db: Db, contract: ContractRow, now: Date): LineSettings => {
  const row = findSettings(db, contract.id);
  return {
    contractId: contract.id,
    settings: {
      premiumBarring: row.premium_barring,
      internationalBarring: bool(row.international_barring),
      roamingType: row.roaming_type,
      throttling: row.throttling,
    },
    codes: { pin: row.pin === '' ? null : row.pin, puk: row.puk === '' ? null : row.puk },
    safeguards: safeguardsOf(db, contract.id),
    changes: recentLineChanges(db, contract.id, now),
  };
};

type SafeguardRow = { current_cents: number; alert_cents: number; max_cents: number };

export const findSafeguard = (db: Db, contractId: number, type: SafeguardType): SafeguardRow | undefined =>
  stmt<[number, string], SafeguardRow>(
    db,
    'SELECT current_cents, alert_cents, max_cents FROM safeguards WHERE contract_id = ? AND type = ?',
  ).get(contractId, type);

/** The value a resource has now on the line, as an order line writes it (cents, enum value, `0`/`1`). */
export const currentValueOf = (db: Db, contractId: number, resource: LineResource): string | null => {
  if (isSafeguardResource(resource)) {
    const { type, form } = safeguardResourceParts(resource);
    const safeguard = findSafeguard(db, contractId, type);
    if (!safeguard) return null;
    return String(form === 'LIMIT' ? safeguard.current_cents : safeguard.alert_cents);
  }
  const row = findSettings(db, contractId);
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

/** The value a waiting change of this resource will give the line, or null when none waits. */
export const pendingValueOf = (db: Db, contractId: number, resource: LineResource): string | null =>
  stmt<[number, string], { new_value: string }>(
    db,
    `SELECT l.new_value FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.contract_id = ? AND l.resource_name = ? AND l.apply_at IS NOT NULL AND l.status IN ('PENDING', 'QUEUED')
     ORDER BY l.created_at DESC, l.id DESC LIMIT 1`,
  ).get(contractId, resource)?.new_value ?? null;

const nextOrderRef = (db: Db): string => {
  const last = stmt<[], { n: number | null }>(db, 'SELECT MAX(CAST(substr(order_ref, 3) AS INTEGER)) AS n FROM orders').get()?.n ?? 0;
  return `O-${String(last + 1).padStart(10, '0')}`;
};

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
 * Call inside a write transaction.
 */
export const recordLineChange = (db: Db, request: LineChangeRequest): LineChange => {
  const { contractId, resource, now } = request;
  const created = now.toISOString();
  const applyAtMs = now.getTime() + changeDelayMs(resource);
  const applyAt = new Date(applyAtMs).toISOString();
  const scheduledDate = localDate(applyAtMs);
  const superseded = stmt<[number, string], { id: number; order_id: number }>(
    db,
    `SELECT l.id, l.order_id FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.contract_id = ? AND l.resource_name = ? AND l.apply_at IS NOT NULL AND l.status IN ('PENDING', 'QUEUED')`,
  ).all(contractId, resource);
  for (const line of superseded) {
    stmt<[string, number]>(db, "UPDATE order_lines SET status = 'CANCELED', executed_at = ? WHERE id = ?").run(created, line.id);
    stmt<[string, number]>(db, "UPDATE orders SET status = 'CANCELED', executed_at = ? WHERE id = ?").run(created, line.order_id);
  }
  const kind = isSafeguardResource(resource) ? 'SAFEGUARD' : 'SETTING';
  const orderId = Number(
    stmt<[string, number, string, string, string | null, string]>(
      db,
      `INSERT INTO orders (order_ref, contract_id, status, created_at, scheduled_date, initiator_ref, initiator_type)
       VALUES (?, ?, 'PENDING', ?, ?, ?, ?)`,
    ).run(nextOrderRef(db), contractId, created, scheduledDate, request.initiatorRef, request.initiatorType).lastInsertRowid,
  );
  const lineId = Number(
    stmt<[number, string, string, string, string | null, string, string, string, string]>(
      db,
      `INSERT INTO order_lines (order_id, order_type, item_kind, resource_name, old_value, new_value, status, is_cancellable,
         scheduled_date, apply_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?)`,
    ).run(
      orderId,
      kind === 'SAFEGUARD' ? 'safeguard' : 'setting',
      kind,
      resource,
      request.oldValue,
      request.newValue,
      scheduledDate,
      applyAt,
      created,
    ).lastInsertRowid,
  );
  const row = stmt<[number], LineChangeRow>(
    db,
    `SELECT ${CHANGE_COLUMNS} FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.id = ?`,
  ).get(lineId);
  if (!row) throw new Error(`order line ${lineId} just written is missing`);
  return toLineChange(row);
};

/** The waiting SAFEGUARD and SETTING lines whose instant has passed, oldest first. */
export const dueLineChanges = (db: Db, now: Date): LineChangeRow[] =>
  stmt<[string], LineChangeRow>(
    db,
    `SELECT ${CHANGE_COLUMNS} FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE l.apply_at IS NOT NULL AND l.status IN ('PENDING', 'QUEUED') AND l.apply_at <= ? AND l.item_kind IN ('SAFEGUARD', 'SETTING')
     ORDER BY l.apply_at, l.id`,
  ).all(now.toISOString());

export type DueLineChange = LineChangeRow;

const writeValue = (db: Db, contractId: number, resource: LineResource, value: string): void => {
  if (isSafeguardResource(resource)) {
    const { type, form } = safeguardResourceParts(resource);
    const cents = Number(value);
    if (form === 'LIMIT') {
      // A new limit replaces one planned for the next cycle. Its alert is the customer's to move (the route refuses a
      // limit below it until the alert was changed): never moved here.
      stmt<[number, number, string]>(
        db,
        'UPDATE safeguards SET current_cents = ?, next_cents = NULL WHERE contract_id = ? AND type = ?',
      ).run(cents, contractId, type);
    } else {
      stmt<[number, number, string]>(db, 'UPDATE safeguards SET alert_cents = ? WHERE contract_id = ? AND type = ?').run(
        cents,
        contractId,
        type,
      );
    }
    return;
  }
  // A line seeded without settings gets its row now; its PIN and PUK stay unknown ('').
  stmt<[number]>(db, "INSERT OR IGNORE INTO contract_settings (contract_id, pin, puk) VALUES (?, '', '')").run(contractId);
  const column = {
    ROAMING: 'roaming_type',
    THROTTLING: 'throttling',
    PREMIUM_BARRING: 'premium_barring',
    INTERNATIONAL_BARRING: 'international_barring',
  }[resource];
  stmt<[string | number, number]>(db, `UPDATE contract_settings SET ${column} = ? WHERE contract_id = ?`).run(
    resource === 'INTERNATIONAL_BARRING' ? Number(value) : value,
    contractId,
  );
};

/**
 * Apply one due line: the value goes onto the line and the line and its order become SUCCESS; a line that got
 * blocked or closed in the meantime, or a limit now above the line's maximum, fails instead (FAILED, TEXT error).
 * Call inside a write transaction; returns the outcome.
 */
export const applyLineChange = (db: Db, change: DueLineChange, contract: ContractRow | undefined, now: Date): 'SUCCESS' | 'FAILED' => {
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
      const safeguard = findSafeguard(db, contract.id, type);
      if (!safeguard) error = 'The line has no such limit.';
      else if (form === 'LIMIT' && Number(change.new_value) > safeguard.max_cents) error = 'The limit is above the maximum of the line.';
    }
  }
  if (error === null && contract) writeValue(db, contract.id, change.resource_name, change.new_value);
  const status = error === null ? 'SUCCESS' : 'FAILED';
  stmt<[string, string, string | null, string | null, number]>(
    db,
    'UPDATE order_lines SET status = ?, executed_at = ?, reason_error = ?, error = ? WHERE id = ?',
  ).run(status, at, error === null ? null : 'TEXT', error, change.id);
  stmt<[string, string, number]>(db, 'UPDATE orders SET status = ?, executed_at = ? WHERE id = ?').run(status, at, change.order_id);
  return status;
};
