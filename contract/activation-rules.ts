/*
 * The SIM activation rules of docs/product/activation.md "Where a SIM order stands", shared by the app (home, the
 * activation screens, the order follow-up) and the server (which refuses what they refuse). Plain predicates without
 * zod, so that any layer can load them.
 *
 * - The SIM can be activated when the contract is IN_DELIVERY with sub-status SIM_SENT, identification OK and fraud
 *   OK.
 * - Any activation or port-in sub-status (requested, accepted, executed) means activation is in progress;
 *   ACTIVATION_FAILED and PORT_IN_FAILED mean it failed.
 * - The SIM is back with us (returned) when the contract is IN_DELIVERY with SIM_DELIVERY_FAILED.
 * - Identification is needed when its status is NEED_IDENTIFICATION or NOT_PASSED; NEED_VALIDATION means the
 *   documents were sent and wait for our check.
 */

/** What the rules read of a contract (statuses as the contract sends them). */
export type SimState = {
  status: string;
  subStatus: string | null;
  identificationStatus: string | null;
  fraudStatus: string | null;
};

export const activationInProgressSubStatuses = [
  'ACTIVATION_REQUESTED',
  'ACTIVATION_EXECUTED',
  'PORT_IN_REQUESTED',
  'PORT_IN_ACCEPTED',
  'PORT_IN_EXECUTED',
] as const;
export const activationFailedSubStatuses = ['ACTIVATION_FAILED', 'PORT_IN_FAILED'] as const;

const inProgress: ReadonlySet<string> = new Set(activationInProgressSubStatuses);
const failed: ReadonlySet<string> = new Set(activationFailedSubStatuses);
/**
 * docs/product/home.md "Blockages": a general block, a block by credit check or deposit, and a block by fraud each
 * count as a blockage.
 */
const blockingSubStatuses: ReadonlySet<string> = new Set(['BLOCKED', 'BLOCKED_CREDIT_CHECK', 'BLOCKED_GRAYDON_DEPOSIT', 'BLOCKED_FRAUD']);

export const canActivateSim = (c: SimState): boolean =>
  c.status === 'IN_DELIVERY' && c.subStatus === 'SIM_SENT' && c.identificationStatus === 'OK' && c.fraudStatus === 'OK';

export const isActivationInProgress = (subStatus: string | null): boolean => subStatus !== null && inProgress.has(subStatus);

export const hasActivationFailed = (subStatus: string | null): boolean => subStatus !== null && failed.has(subStatus);

export const isSimReturned = (c: Pick<SimState, 'status' | 'subStatus'>): boolean =>
  c.status === 'IN_DELIVERY' && c.subStatus === 'SIM_DELIVERY_FAILED';

export const needsIdentification = (identificationStatus: string | null): boolean =>
  identificationStatus === 'NEED_IDENTIFICATION' || identificationStatus === 'NOT_PASSED';

/**
 * A new request may start when the SIM can be activated, and also after a failed activation or transfer of a SIM
 * still in delivery (the customer corrects the transfer's data or takes a new number instead): the failure says
 * what to do, so it must let the customer do it.
 */
export const canRequestActivation = (c: SimState): boolean =>
  canActivateSim(c) ||
  (c.status === 'IN_DELIVERY' && hasActivationFailed(c.subStatus) && c.identificationStatus === 'OK' && c.fraudStatus === 'OK');

/** Documents can be sent while identification is needed, as long as the order is neither closed nor active. */
export const canSendIdentification = (c: SimState): boolean =>
  needsIdentification(c.identificationStatus) &&
  (c.status === 'IN_DELIVERY' || c.status === 'IDENTIFICATION' || c.status === 'IN_VALIDATION') &&
  !isActivationInProgress(c.subStatus) &&
  !isSimReturned(c);

/**
 * Where a SIM order stands, for the screens and the server: one answer per contract, in this order of precedence.
 * - active: the line works; closed: cancelled or terminated;
 * - inProgress, failed, returned: the activation states of docs/product/activation.md "Where a SIM order stands";
 * - refused: the identity was refused (NOK, REFUSED): only customer service can help;
 * - identification: documents are needed; validation: they were sent and are being checked;
 * - blocked: fraud or another blockage; ready: the SIM can be activated; preparing: anything before that.
 */
export type ActivationStage =
  | 'active'
  | 'closed'
  | 'inProgress'
  | 'failed'
  | 'returned'
  | 'refused'
  | 'identification'
  | 'validation'
  | 'blocked'
  | 'ready'
  | 'preparing';

export const activationStage = (c: SimState): ActivationStage => {
  if (c.status === 'ACTIVATED' || c.subStatus === 'ACTIVATED') return 'active';
  if (c.status === 'CANCELED' || c.status === 'TERMINATED') return 'closed';
  if (isActivationInProgress(c.subStatus)) return 'inProgress';
  if (hasActivationFailed(c.subStatus)) return 'failed';
  if (isSimReturned(c)) return 'returned';
  if (c.identificationStatus === 'NOK' || c.identificationStatus === 'REFUSED') return 'refused';
  if (needsIdentification(c.identificationStatus)) return 'identification';
  if (c.identificationStatus === 'NEED_VALIDATION') return 'validation';
  if (c.fraudStatus !== 'OK' || (c.subStatus !== null && blockingSubStatuses.has(c.subStatus))) return 'blocked';
  if (canActivateSim(c)) return 'ready';
  return 'preparing';
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * docs/product/activation.md "New number", "Number transfer": a new number works within about 2 hours, usually 5
 * minutes; a number transfer within 48 hours. The identity check has no figure in the specification: documents are
 * usually checked within 30 minutes and at the latest the next day, which the screens announce and the provisioning
 * simulator keeps.
 */
export const activationTimings = {
  newNumberUsualMs: 5 * MINUTE,
  newNumberMaxMs: 2 * HOUR,
  portInMaxMs: 48 * HOUR,
  identificationCheckMs: 30 * MINUTE,
  identificationMaxMs: 24 * HOUR,
} as const;

/**
 * The ways a SIM can be activated (docs/product/activation.md "Entry points"): a new number, or the transfer of a
 * number from another operator.
 */
export const activationModes = ['new_number', 'port_in'] as const;

/** What the customer has at the other operator: a subscription (its account number proves it) or a prepaid card (its SIM number). */
export const portInTypes = ['postpaid', 'prepaid'] as const;
export type PortInType = (typeof portInTypes)[number];

/** Why a transfer failed: the other operator knows the number under other data, or does not know the number at all. */
export const portInFailureReasons = ['dataMismatch', 'numberUnknown'] as const;
export type PortInFailureReason = (typeof portInFailureReasons)[number];
