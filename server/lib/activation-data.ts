/*
 * The SIM activation area's repository: SIM orders and their timeline, activation codes and sessions, identity
 * documents, the other operators' lines, and the writes of the provisioning simulator (lib/provisioning.ts). The
 * contract row keeps the states of docs/product/activation.md "Where a SIM order stands" (status, sub-status,
 * identification, port-in); `sim_orders` what the follow-up adds. Functions take plain values; a change of several rows
 * runs in one write transaction (joining the caller's, when there is one).
 *
 * The area is split by subject: activation-orders.ts (SIM orders and their follow-up), activation-codes.ts (codes and
 * sessions), activation-requests.ts (the customer's requests), activation-provisioning.ts (the simulator's reads and
 * writes), activation-sale.ts (a SIM sale of its own). This module is the area's one door for the routes.
 */

export { findSimOrderByContract, findSimOrderByUuid, listSimOrders, type SimOrderRecord, toSimOrder } from './activation-orders.ts';
export {
  type ActivationCandidate,
  activationAddressPolicy,
  activationAttemptPolicy,
  activationCandidates,
  activationLimitKeys,
  activationSessionContract,
  CODE_VALID_MS,
  insertActivationSession,
  markActivationCodeUsed,
  recipientOf,
  replaceActivationCode,
} from './activation-codes.ts';
export {
  holderBirthDate,
  msisdnTaken,
  type PortInData,
  recordIdentification,
  requestNewNumber,
  requestPortIn,
  type StoredFile,
} from './activation-requests.ts';
export { findSimOrderById } from './activation-provisioning.ts';
export { insertSimSale } from './activation-sale.ts';
