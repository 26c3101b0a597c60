import { endpoints } from '#contract/endpoints';
import {
  amountRefusal,
  dunningRefuses,
  lineRefusal,
  safeguardResource,
  safeguardResourceParts,
  type LineResource,
} from '#contract/line-settings';
import type { LineChange } from '#contract/settings';
import { type Db, writeTransaction } from '../../db/engine.ts';
import { announce, type AlertDeps } from '../../lib/alert-engine.ts';
import { recordEvent } from '../../lib/alert-data.ts';
import { requireContract } from '../../lib/access.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { ContractRecord } from '../../lib/customer-data.ts';
import {
  applyLineChange,
  currentValueOf,
  dueLineChanges,
  findSafeguard,
  lineSettings,
  pendingValueOf,
  recordLineChange,
} from '../../lib/line-settings-data.ts';
import type { Router } from '../../lib/contract-route.ts';
import { bool } from '../../lib/sql.ts';
import type { ResolvedSession } from '../../lib/sessions.ts';
import { authOf } from '../../plugins/auth.ts';
import { initiatorOf, requireEditor } from './access.ts';
import { answered } from '../../lib/idempotent-answer.ts';

/*
 * A line's settings (docs/product/settings.md "Out-of-bundle limits and alerts", "Roaming zone", "Data speed", "Premium
 * services blocking"). A change is an order with one SAFEGUARD or SETTING line (it appears in the order history),
 * PENDING until the settings job applies it (docs/product/settings.md "Line changes and when they apply": limits within
 * 2 minutes, roaming up to 4 hours). Queued by the app when offline; the Idempotency-Key plugin makes a replay apply
 * once.
 */

const lineStateOf = (contract: ContractRecord) => ({
  status: contract.status,
  subStatus: contract.sub_status,
  fraudulentBehaviour: bool(contract.fraudulent_behaviour),
  dunningLevelReached: bool(contract.dunning_level_reached),
});

/** The refusals every change shares: a blocked or closed line, and a change that raises the cost of a line in dunning. */
const checkLine = (contract: ContractRecord, resource: LineResource, oldValue: string | null, newValue: string): void => {
  const refusal = lineRefusal(lineStateOf(contract));
  if (refusal === 'contractBlocked') throw new ApiError(409, 'contractBlocked', 'The line is blocked: its settings cannot change');
  if (refusal === 'contractClosed') throw new ApiError(409, 'contractClosed', 'The line is closed: its settings cannot change');
  if (dunningRefuses(lineStateOf(contract), resource, oldValue, newValue)) {
    throw new ApiError(409, 'unpaidBalance', 'An unpaid balance only allows changes that lower what the line may cost');
  }
};

/** Record the change, unless it changes nothing (422 noUpdate: the app then counts it as applied). */
const requestChange = async (
  tx: Db,
  ctx: AppContext,
  auth: ResolvedSession,
  contract: ContractRecord,
  resource: LineResource,
  newValue: string,
): Promise<LineChange> => {
  const oldValue = await currentValueOf(tx, contract.id, resource);
  if (oldValue === newValue && (await pendingValueOf(tx, contract.id, resource)) === null)
    throw new ApiError(422, 'noUpdate', 'No update made');
  checkLine(contract, resource, oldValue, newValue);
  const initiator = initiatorOf(auth);
  return recordLineChange(tx, {
    contractId: contract.id,
    resource,
    oldValue,
    newValue,
    initiatorType: initiator.type,
    initiatorRef: initiator.ref,
    now: ctx.clock.now(),
  });
};

export const registerLineRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  router.route(endpoints.contractSettings, async ({ params, request }) => {
    const contract = await requireContract(db, authOf(request), params.customerId, params.contractId);
    return lineSettings(db, contract, clock.now());
  });

  router.route(endpoints.safeguardChange, async ({ params, body, request }) => {
    const auth = authOf(request);
    const contract = await requireContract(db, auth, params.customerId, params.contractId);
    requireEditor(auth, 'line');
    return writeTransaction(
      db,
      async (tx) => {
        const { type, form } = safeguardResourceParts(body.type);
        const safeguard = await findSafeguard(tx, contract.id, type);
        if (!safeguard) throw notFound('The line has no such limit');
        const pendingLimit = await pendingValueOf(tx, contract.id, safeguardResource(type, 'LIMIT'));
        const refusal = amountRefusal(
          form,
          body.amount,
          { current: safeguard.current_cents, alert: safeguard.alert_cents, max: safeguard.max_cents },
          pendingLimit === null ? null : Number(pendingLimit),
        );
        if (refusal === 'limitAboveMax' || refusal === 'alertAboveLimit') {
          throw new ApiError(
            422,
            refusal,
            refusal === 'limitAboveMax' ? 'The limit is above the maximum of the line' : 'The alert is above the limit',
            {
              fields: [
                { field: 'amount', message: refusal === 'limitAboveMax' ? 'validation:limit.max' : 'validation:limit.alertAboveLimit' },
              ],
            },
          );
        }
        // docs/product/settings.md "Out-of-bundle limits and alerts": a limit lowered below its alert never moves the
        // alert silently; the customer decides first (the app asks, and sends the alert's new amount before the limit).
        // An alert of 0 is none.
        if (form === 'LIMIT') {
          // A blocked or closed line is refused as such first.
          checkLine(contract, body.type, await currentValueOf(tx, contract.id, body.type), String(body.amount));
          const pendingAlert = await pendingValueOf(tx, contract.id, safeguardResource(type, 'ALERT'));
          const alert = pendingAlert === null ? safeguard.alert_cents : Number(pendingAlert);
          if (alert > 0 && body.amount < alert) {
            throw new ApiError(422, 'alertAboveNewLimit', 'The alert is above the new limit: change the alert first', {
              fields: [{ field: 'amount', message: 'validation:limit.alertAboveNewLimit' }],
            });
          }
        }
        return answered(tx, await requestChange(tx, ctx, auth, contract, body.type, String(body.amount)));
      },
      [{ line: contract.id }],
    );
  });

  router.route(endpoints.settingChange, async ({ params, body, request }) => {
    const auth = authOf(request);
    const contract = await requireContract(db, auth, params.customerId, params.contractId);
    requireEditor(auth, 'line');
    const value = body.resource === 'INTERNATIONAL_BARRING' ? (body.value ? '1' : '0') : body.value;
    return writeTransaction(db, async (tx) => answered(tx, await requestChange(tx, ctx, auth, contract, body.resource, value)), [
      { line: contract.id },
    ]);
  });
};

const contractById = (ctx: AppContext, id: number): Promise<ContractRecord | undefined> =>
  ctx.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The `settings.apply-due-changes` job: every SAFEGUARD or SETTING line whose instant has passed goes onto the line
 * (or fails), each in its own transaction; the holder then hears of it on the channels chosen for "other" alerts.
 */
export const applyDueChanges = async (ctx: AppContext, deps: AlertDeps, now: Date): Promise<void> => {
  for (const change of await dueLineChanges(ctx.db, now)) {
    const contract = await contractById(ctx, change.contract_id);
    const outcome = await writeTransaction(ctx.db, async (tx) => {
      // Read again inside the transaction: a concurrent run (of any instance) may have applied it already.
      const still = await tx.selectFrom('order_lines').select('status').where('id', '=', change.id).executeTakeFirst();
      if (still?.status !== 'PENDING' && still?.status !== 'QUEUED') return null;
      return applyLineChange(tx, change, contract, now);
    });
    if (outcome === null || !contract) continue;
    const key = `OTHER:change:${change.id}`;
    if (!(await recordEvent(ctx.db, contract.id, key, true, now))) continue;
    await announce(
      deps,
      {
        customerId: contract.customer_id,
        contract,
        eventKey: key,
        type: 'OTHER',
        message: {
          kind: outcome === 'SUCCESS' ? 'changeApplied' : 'changeFailed',
          resource: change.resource_name,
          msisdn: contract.msisdn ?? contract.contract_ref,
        },
        holderOnly: false,
      },
      now,
    );
  }
};
