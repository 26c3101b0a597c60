import type { PortInFailureReason } from '#contract/activation-rules';
import { type Db, writeTransaction } from '../db/engine.ts';
import { notifyOutcome } from '../lib/activation-messages.ts';
import type { AppContext } from '../lib/app-context.ts';
import { provisioningSchedule, type ProvisioningOutcome, type SimOrderRecord } from '../lib/activation-orders.ts';
import {
  dueSimOrderIds,
  findDonorLine,
  findSimOrderById,
  identificationChecked,
  lineActivated,
  portInAnswered,
  portInExecuted,
  portInProofOf,
  setNextStep,
  setSubStatus,
} from '../lib/activation-provisioning.ts';

/*
 * The provisioning simulator (demo only): what the network and the other operators do with a SIM order, driven by the server's
 * clock (a scheduler job, lib/scheduler.ts), so that a demo of the whole flow works by waiting or, in test mode, by
 * moving the clock. Each order carries the time of its next step (`next_step_at`); a run takes every step that is
 * due, each stamped with the time it was due (a clock moved two days ahead runs a whole transfer, with its real
 * timeline). Running it again is harmless: a step that is not due is not taken.
 *
 * - Documents sent (NEED_VALIDATION) are accepted after provisioningSchedule.identificationCheckedAfterMs.
 * - New number: ACTIVATION_REQUESTED → ACTIVATION_EXECUTED → ACTIVATED.
 * - Transfer: PORT_IN_REQUESTED → the other operator answers: PORT_IN_ACCEPTED when it knows the number with the
 *   account number (subscription) or SIM number (prepaid) given, otherwise PORT_IN_FAILED with the reason →
 *   PORT_IN_EXECUTED (the line takes the number) → ACTIVATED.
 */

/** What the other operator answers to a transfer: null when it knows the number with the data given. */
export const donorAnswer = async (db: Db, order: SimOrderRecord): Promise<PortInFailureReason | null> => {
  if (order.port_in_msisdn === null) return 'numberUnknown';
  const line = await findDonorLine(db, order.port_in_msisdn);
  if (!line) return 'numberUnknown';
  const proof = await portInProofOf(db, order.contract_id);
  if (proof.type !== line.type) return 'dataMismatch';
  const matches =
    line.type === 'postpaid'
      ? proof.otherAccountNumber !== null && proof.otherAccountNumber === line.account_number
      : proof.otherIccid !== null && proof.otherIccid === line.iccid;
  return matches ? null : 'dataMismatch';
};

const at = (requested: string, afterMs: number): string => new Date(Date.parse(requested) + afterMs).toISOString();

/** Takes the one step an order is due for; returns what the customer must be told, if anything. */
const step = async (db: Db, order: SimOrderRecord, due: string): Promise<ProvisioningOutcome | null> => {
  if (order.identification_status === 'NEED_VALIDATION') {
    await identificationChecked(db, order, due);
    await setNextStep(db, order.id, null);
    return null;
  }
  const requested = order.requested_at ?? due;
  const { newNumber, portIn } = provisioningSchedule;
  switch (order.sub_status) {
    case 'ACTIVATION_REQUESTED':
      await setSubStatus(db, order, 'ACTIVATION_EXECUTED', due);
      await setNextStep(db, order.id, at(requested, newNumber.activeAfterMs));
      return null;
    case 'PORT_IN_REQUESTED': {
      const failure = await donorAnswer(db, order);
      await portInAnswered(db, order, failure, due);
      await setNextStep(db, order.id, failure === null ? at(requested, portIn.executedAfterMs) : null);
      return failure === null ? null : { kind: 'portInFailed', simOrderId: order.id };
    }
    case 'PORT_IN_ACCEPTED':
      await portInExecuted(db, order, due);
      await setNextStep(db, order.id, at(requested, portIn.activeAfterMs));
      return null;
    case 'ACTIVATION_EXECUTED':
    case 'PORT_IN_EXECUTED':
      await lineActivated(db, order, due);
      await setNextStep(db, order.id, null);
      return { kind: 'active', simOrderId: order.id };
    default:
      // Nothing under way any more (the order changed meanwhile): forget the step.
      await setNextStep(db, order.id, null);
      return null;
  }
};

/** Most steps one run takes: a clock moved far ahead still finishes in bounded time (the next run goes on). */
const MAX_STEPS_PER_RUN = 5000;

/**
 * Takes every step due at `now`, oldest first, each in its own write transaction, which reads the order again: a
 * step is taken once whoever runs it (an instance that dies mid-run leaves the steps it did not commit to the next
 * run, on any instance).
 */
export const runProvisioning = async (db: Db, now: Date): Promise<ProvisioningOutcome[]> => {
  const outcomes: ProvisioningOutcome[] = [];
  let steps = 0;
  for (;;) {
    const ids = await dueSimOrderIds(db, now, 100);
    if (ids.length === 0 || steps >= MAX_STEPS_PER_RUN) break;
    for (const id of ids) {
      steps += 1;
      const outcome = await writeTransaction(db, async (tx) => {
        const order = await findSimOrderById(tx, id);
        if (!order?.next_step_at || Date.parse(order.next_step_at) > now.getTime()) return null;
        return step(tx, order, order.next_step_at);
      });
      if (outcome) outcomes.push(outcome);
    }
  }
  return outcomes;
};

/**
 * The simulator as a job of the server's clock (demo only). After the billing run: a line that becomes active in this
 * run is billed from the next one. The customer hears of each outcome as a network integration would tell it.
 */
export const registerProvisioningSimulator = (ctx: AppContext): void => {
  ctx.scheduler.register({
    name: 'activation.provisioning',
    after: ['billing.run'],
    run: async (now) => {
      for (const outcome of await runProvisioning(ctx.db, now)) {
        try {
          await notifyOutcome(ctx, outcome);
        } catch {
          // The order moved on regardless; a message that could not be handed over is not sent again.
        }
      }
    },
  });
};
