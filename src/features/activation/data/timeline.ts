import { activationStage, type ActivationStage } from '#contract/activation-rules';
import type { SimOrder, SimOrderStep } from '#contract/activation';

/*
 * The timeline of a SIM order (the follow-up screen), as a pure rule: the states the order really went through, each
 * with its time (failures included, so a failed transfer followed by a new request shows both), then the steps
 * still to come on the customer's path, the first with the time it is expected and the last with the latest time
 * docs/product/limits.md "SIM activation" allows. Offline-safe: it reads the stored follow-up only.
 */

export type TimelineItem = {
  step: SimOrderStep;
  state: 'done' | 'failed' | 'current' | 'upcoming';
  /** When it happened (done, failed). */
  at?: string;
  /** When it is expected (the step the order waits for). */
  expectedAt?: string;
  /** The latest it may take (the line working). */
  latestAt?: string;
  /** The step waits for the customer (documents to send, a choice to make), not for us. */
  waitsForCustomer?: boolean;
};

const FAILED: ReadonlySet<SimOrderStep> = new Set(['ACTIVATION_FAILED', 'PORT_IN_FAILED', 'SIM_DELIVERY_FAILED']);

const NEW_NUMBER_PATH: readonly SimOrderStep[] = ['ACTIVATION_REQUESTED', 'ACTIVATION_EXECUTED', 'ACTIVATED'];
const PORT_IN_PATH: readonly SimOrderStep[] = ['PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED', 'ACTIVATED'];

/** The steps still ahead, in order, for where the order stands. The first one waits (current), the others follow. */
const stepsAhead = (order: SimOrder, stage: ActivationStage): { steps: SimOrderStep[]; customerFirst: boolean } => {
  switch (stage) {
    case 'identification':
      return { steps: ['IDENTIFICATION_SENT', 'IDENTIFICATION_OK', 'ACTIVATED'], customerFirst: true };
    case 'validation':
      return { steps: ['IDENTIFICATION_OK', 'ACTIVATED'], customerFirst: false };
    case 'ready':
    case 'failed':
      // The customer chooses: a new number or a transfer starts with its request.
      return { steps: ['ACTIVATION_REQUESTED', 'ACTIVATED'], customerFirst: true };
    case 'preparing':
      return { steps: ['SIM_SENT', 'ACTIVATED'], customerFirst: false };
    case 'inProgress': {
      const path = order.mode === 'port_in' ? PORT_IN_PATH : NEW_NUMBER_PATH;
      const reached = path.indexOf(order.subStatus as SimOrderStep);
      return { steps: path.slice(reached + 1), customerFirst: false };
    }
    default:
      return { steps: [], customerFirst: false };
  }
};

export const timelineOf = (order: SimOrder): TimelineItem[] => {
  const past: TimelineItem[] = order.events
    .filter((event) => event.step !== 'IDENTIFICATION_NEEDED')
    .map((event) => ({ step: event.step, state: FAILED.has(event.step) ? 'failed' : 'done', at: event.at }));
  const stage = activationStage(order);
  const { steps, customerFirst } = stepsAhead(order, stage);
  const ahead: TimelineItem[] = steps.map((step, index) => {
    const item: TimelineItem = { step, state: index === 0 ? 'current' : 'upcoming' };
    if (index === 0 && customerFirst) item.waitsForCustomer = true;
    if (order.nextStep?.step === step) item.expectedAt = order.nextStep.expectedAt;
    // The latest time docs/product/limits.md "SIM activation" allows: for the line to work once provisioning runs,
    // for the check of documents sent.
    const deadlineStep = stage === 'inProgress' ? 'ACTIVATED' : stage === 'validation' ? 'IDENTIFICATION_OK' : null;
    if (order.nextStep && step === deadlineStep) item.latestAt = order.nextStep.latestAt;
    return item;
  });
  return [...past, ...ahead];
};

/** Whether the order is moving by itself (the screen refreshes it while it is open). */
export const isUnderWay = (order: SimOrder): boolean => {
  const stage = activationStage(order);
  return stage === 'inProgress' || stage === 'validation';
};
