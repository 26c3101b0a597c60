/*
 * The contract-state rules of docs/product/subscription.md "Who may change a subscription" that decide whether a
 * line's subscription may be changed: its blockages, the restriction by status, and the refusals of an order. One
 * module without zod (it imports only the error codes' type), asked by the app (subscription, optimize and its
 * redirect, home's blockage words) and by the server (order routes and the order scheduler), so both always agree.
 *
 * Blockages (docs/product/home.md "Blockages"; docs/product/subscription.md "Who may change a subscription"): a
 * general block, a block by credit check or deposit, a block by fraud (the sub-statuses BLOCKED, BLOCKED_CREDIT_CHECK
 * / BLOCKED_GRAYDON_DEPOSIT, BLOCKED_FRAUD), the dunning level reached, and the suspected fraudulent behaviour flag.
 * The refusal words the unpaid case as "dunning, or credit with open balance": a credit block is an unpaid balance
 * when the customer owes money, and a credit-check block otherwise.
 *
 * Restriction by status (docs/product/spec-map.md "Where the product reads the specification its own way"): the
 * original specification had two checks that cannot both hold as written: "modification is not allowed for ACTIVATED,
 * CANCELED or IN_DELIVERY in the restricted check" and "optimization is barred for ACTIVATED, TERMINATED and
 * SUSPENDED in another check". Taken literally no active line could ever change its plan, which contradicts the whole
 * optimize flow. The reading chosen: each check lists the statuses it examines, ACTIVATED being the one it lets
 * through; so a change is allowed only on an ACTIVATED line, and refused on CANCELED and IN_DELIVERY (first check),
 * TERMINATED and SUSPENDED (second check), and on every status of a line not active yet (COMPLETED, INCOMPLETE,
 * CONFIRMED, IN_VALIDATION, IDENTIFICATION, UNKNOWN: nothing to change before activation).
 *
 * Waiting request and pending order (docs/product/subscription.md "Who may change a subscription"): a request to the
 * operator about the line itself (a CONTRACT line: SIM swap, suspension, termination, activation) still PENDING or
 * QUEUED is a waiting request; a plan or option order already QUEUED (being executed: it can no longer be changed or
 * cancelled) is a pending order. A plan or option order still PENDING does not refuse a change: the optimize contexts
 * handle it (modify it, cancel it, or change the options of the current month).
 */

import type { ErrorCode } from './errors.ts';

export type ContractStateFacts = {
  status: string;
  subStatus: string | null;
  dunningLevelReached: boolean;
  fraudulentBehaviour: boolean;
};

/** Why a line is blocked, most serious first (the order in which `contractBlockages` lists them). */
export const blockageReasons = ['fraud', 'suspectedFraud', 'unpaid', 'credit', 'general'] as const;
export type Blockage = (typeof blockageReasons)[number];

const creditBlocks = new Set(['BLOCKED_CREDIT_CHECK', 'BLOCKED_GRAYDON_DEPOSIT']);

/**
 * The blockages of a line, most serious first; empty when it has none. `openBalance`: the customer owes money (its
 * invoice situation is in debt), which makes a credit block an unpaid balance.
 */
export const contractBlockages = (contract: ContractStateFacts, openBalance = false): Blockage[] => {
  const found: Blockage[] = [];
  const sub = contract.subStatus;
  if (sub === 'BLOCKED_FRAUD') found.push('fraud');
  if (contract.fraudulentBehaviour) found.push('suspectedFraud');
  const creditBlock = sub !== null && creditBlocks.has(sub);
  if (contract.dunningLevelReached || (creditBlock && openBalance)) found.push('unpaid');
  if (creditBlock && !openBalance) found.push('credit');
  if (sub === 'BLOCKED') found.push('general');
  return found;
};

/** Whether one of the lines is blocked for an unpaid invoice: what is said of paying is then "to unblock it". */
export const anyLineBlockedForDebt = (contracts: readonly ContractStateFacts[], openBalance: boolean): boolean =>
  contracts.some((contract) => contractBlockages(contract, openBalance).includes('unpaid'));

/** The one status in which a line's plan and options may change (see the reading of the status checks above). */
export const modifiableStatus = 'ACTIVATED';

/** True when the line's status does not allow a change of plan or options. */
export const isModificationRestricted = (status: string): boolean => status !== modifiableStatus;

/** An open order line, as the refusal rules need it. */
export type OpenOrderFacts = { kind: string; status: string };

/** True for a request about the line itself (CONTRACT line) still waiting for the operator. */
export const isWaitingRequest = (line: OpenOrderFacts): boolean =>
  line.kind === 'CONTRACT' && (line.status === 'PENDING' || line.status === 'QUEUED');

/** True for a plan or option order being executed (QUEUED): it can no longer be changed. */
export const isOrderInExecution = (line: OpenOrderFacts): boolean =>
  (line.kind === 'PRODUCT' || line.kind === 'OPTION') && line.status === 'QUEUED';

/** Why a change of plan or options is refused, in the order the rules are asked. */
export const orderRefusalReasons = ['plainUser', ...blockageReasons, 'restricted', 'waitingRequest', 'pendingOrder'] as const;
export type OrderRefusal = (typeof orderRefusalReasons)[number];

export type OrderRefusalInput = {
  contract: ContractStateFacts;
  /**
   * docs/product/roles.md "Plain user": a plain user sees the subscription but may not change it (it contacts the
   * account holder).
   */
  plainUser: boolean;
  openBalance: boolean;
  /** The line's order lines still PENDING or QUEUED (any kind). */
  openLines: readonly OpenOrderFacts[];
};

/** The first reason a change of plan or options is refused, or null when it is allowed. */
export const orderRefusal = ({ contract, plainUser, openBalance, openLines }: OrderRefusalInput): OrderRefusal | null => {
  if (plainUser) return 'plainUser';
  const [blockage] = contractBlockages(contract, openBalance);
  if (blockage) return blockage;
  if (isModificationRestricted(contract.status)) return 'restricted';
  if (openLines.some(isWaitingRequest)) return 'waitingRequest';
  if (openLines.some(isOrderInExecution)) return 'pendingOrder';
  return null;
};

/**
 * docs/product/subscription.md "The optimize screen": the optimize route sends the user back to the subscription when
 * the line has a blockage or its modification is restricted, except to look at a closed order. (A waiting request, a
 * pending order or a plain user are refused on the same screen too: nothing there could be confirmed.)
 */
export const optimizeRedirect = (refusal: OrderRefusal | null, viewingClosedOrder: boolean): boolean =>
  refusal !== null && !viewingClosedOrder;

/** The error code (contract/errors.ts) of each refusal, so that the app and the server say the same thing. */
export const refusalErrorCode = {
  plainUser: 'orderPlainUser',
  fraud: 'orderBlockedFraud',
  suspectedFraud: 'orderBlockedSuspectedFraud',
  unpaid: 'orderBlockedUnpaid',
  credit: 'orderBlockedCredit',
  general: 'orderBlockedGeneral',
  restricted: 'orderRestricted',
  waitingRequest: 'orderWaitingRequest',
  pendingOrder: 'orderPending',
} as const satisfies Record<OrderRefusal, ErrorCode>;

/**
 * One status per line, in words a customer understands (docs/product/home.md "Line status"): the most serious fact
 * about the line wins, so a blocked line never reads "active" beside "blocked". Blockages first (most serious first,
 * as `contractBlockages` lists them), then the life of the line: closed, suspended, its SIM on the way (returned to
 * us, being activated, or ready to activate), active, or still being prepared.
 */
export const lineStatuses = [
  'blockedFraud',
  'blockedSuspectedFraud',
  'blockedUnpaid',
  'blockedCredit',
  'blocked',
  'terminated',
  'canceled',
  'suspended',
  'simReturned',
  'activating',
  'toActivate',
  'active',
  'preparing',
] as const;
export type LineStatus = (typeof lineStatuses)[number];

/** What the customer can do about a status: call customer service, pay the open invoices, activate the SIM. */
export type LineAction = 'callService' | 'payInvoices' | 'activateSim' | null;

const blockageStatus: Record<Blockage, LineStatus> = {
  fraud: 'blockedFraud',
  suspectedFraud: 'blockedSuspectedFraud',
  unpaid: 'blockedUnpaid',
  credit: 'blockedCredit',
  general: 'blocked',
};

const activationUnderway = new Set([
  'ACTIVATION_REQUESTED',
  'ACTIVATION_EXECUTED',
  'PORT_IN_REQUESTED',
  'PORT_IN_ACCEPTED',
  'PORT_IN_EXECUTED',
]);

/** The one status of a line. `openBalance`: the customer owes money (a credit block is then an unpaid balance). */
export const lineStatus = (contract: ContractStateFacts, openBalance = false): LineStatus => {
  const [blockage] = contractBlockages(contract, openBalance);
  if (blockage) return blockageStatus[blockage];
  switch (contract.status) {
    case 'TERMINATED':
      return 'terminated';
    case 'CANCELED':
      return 'canceled';
    case 'SUSPENDED':
      return 'suspended';
    case 'ACTIVATED':
      return 'active';
    case 'IN_DELIVERY':
      if (contract.subStatus === 'SIM_DELIVERY_FAILED') return 'simReturned';
      if (contract.subStatus !== null && activationUnderway.has(contract.subStatus)) return 'activating';
      return 'toActivate';
    default:
      return 'preparing';
  }
};

/** The action of each status: the one thing its banner offers. */
export const lineAction = (status: LineStatus): LineAction => {
  switch (status) {
    case 'blockedUnpaid':
      return 'payInvoices';
    case 'blockedFraud':
    case 'blockedSuspectedFraud':
    case 'blockedCredit':
    case 'blocked':
    case 'suspended':
    case 'simReturned':
      return 'callService';
    case 'toActivate':
      return 'activateSim';
    default:
      return null;
  }
};

/** How a status is shown: a line that works is "success", one on its way "warning", one that does not work "danger". */
export const lineTone = (status: LineStatus): 'success' | 'warning' | 'danger' =>
  status === 'active' ? 'success' : status === 'toActivate' || status === 'activating' || status === 'preparing' ? 'warning' : 'danger';
