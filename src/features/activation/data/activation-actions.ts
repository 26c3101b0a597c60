import { ApiError, call } from '#api/client';
import type { ActivationChoice, IdentificationFields, PortInRequest, SimOrder } from '#contract/activation';
import { endpoints } from '#contract/endpoints';
import { pullCustomer } from '#data/customer-pull';
import type { FieldError } from '#contract/common';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { storeSimOrder } from './sim-orders-pull.ts';
import { publicOrderKey } from './use-sim-orders.ts';

/*
 * The activation's actions: online-only calls (docs/product/api.md "Queued and online-only changes"; the contract
 * marks them `onlineOnly`). Each answers the order's new follow-up, stored at once so every screen shows it. Offline
 * the screens disable these buttons and keep what was typed; a call that fails anyway (no network) changes nothing
 * here.
 */

export type Access = 'account' | 'public';

export type ActionResult = { ok: true; order: SimOrder } | { ok: false; status: number; code: string; fields: FieldError[] };

const failure = (error: unknown): ActionResult => {
  if (error instanceof ApiError) return { ok: false, status: error.status, code: error.code, fields: error.fields };
  return { ok: false, status: 0, code: 'network', fields: [] };
};

const resourceOf = (order: SimOrder, access: Access): string =>
  access === 'public' ? resourceKeys.publicSimOrder(order.uuid) : resourceKeys.simOrders(order.customerId);

/**
 * The stores an activation changes, pulled again at once when the signed-in customer's line is the one activated
 * (from home's modal or with the order's code): home's "SIM to activate" and its modal follow the activation at once
 * instead of after the 15-minute freshness of the customer's copy. Best effort: offline or failed, the next pull does it.
 */
const followOnHome = async (order: SimOrder): Promise<void> => {
  const session = await db.session.get('current');
  if (session?.customerId !== order.customerId) return;
  await pullCustomer(order.customerId, { force: true }).catch(() => undefined);
};

const settle = async (request: () => Promise<SimOrder>, access: Access): Promise<ActionResult> => {
  try {
    const order = await request();
    await storeSimOrder(order, resourceOf(order, access));
    await followOnHome(order);
    return { ok: true, order };
  } catch (error) {
    return failure(error);
  }
};

/**
 * The same request sent again (a retry after a lost answer) carries the same Idempotency-Key, so the server applies
 * it once and answers as the first time; another request gets a new key.
 */
const keys = new Map<string, string>();
const keyFor = (request: unknown): string => {
  const fingerprint = JSON.stringify(request);
  let key = keys.get(fingerprint);
  if (!key) {
    key = crypto.randomUUID();
    keys.set(fingerprint, key);
  }
  return key;
};

/** Opens an order with its order number (or customer or phone number) and code; this device then follows it. */
export const openOrder = async (identifier: string, code: string): Promise<ActionResult> => {
  const result = await settle(() => call(endpoints.activateOrder, { body: { identifier, code }, silent: true }), 'public');
  if (result.ok) await db.prefs.put({ key: publicOrderKey, value: result.order.uuid });
  return result;
};

/** "Send me the code again": the server answers the same whether an order matched or not. */
export const resendCode = async (identifier: string): Promise<{ ok: true } | { ok: false; status: number; code: string }> => {
  try {
    await call(endpoints.resendActivationCode, { body: { identifier }, silent: true });
    return { ok: true };
  } catch (error) {
    const failed = failure(error);
    return failed.ok ? { ok: true } : { ok: false, status: failed.status, code: failed.code };
  }
};

/** This device stops following its order (to open another one with its code). */
export const forgetPublicOrder = async (): Promise<void> => {
  await db.prefs.delete(publicOrderKey);
};

/** A new number for the SIM that was sent: its card number proves the customer holds it. */
export const requestNewNumber = (order: SimOrder, iccid: string, access: Access): Promise<ActionResult> => {
  const params = { customerId: order.customerId, contractId: order.contractId };
  if (access === 'public') {
    const body: ActivationChoice = { mode: 'new_number', iccid };
    return settle(() => call(endpoints.activateOrderDelivery, { params, body, silent: true, idempotencyKey: keyFor([params, body]) }), access);
  }
  const body = { iccid };
  return settle(() => call(endpoints.activateSim, { params, body, silent: true, idempotencyKey: keyFor([params, body]) }), access);
};

/** The transfer of a number from another operator. */
export const requestPortIn = (order: SimOrder, portIn: PortInRequest, access: Access): Promise<ActionResult> => {
  if (access === 'public') {
    const params = { customerId: order.customerId, contractId: order.contractId };
    const body: ActivationChoice = { mode: 'port_in', portIn };
    return settle(() => call(endpoints.activateOrderDelivery, { params, body, silent: true, idempotencyKey: keyFor([params, body]) }), access);
  }
  const params = { customerId: order.customerId };
  const body = { contractId: order.contractId, portIn };
  return settle(() => call(endpoints.portIn, { params, body, silent: true, idempotencyKey: keyFor([params, body]) }), access);
};

/** The identity document's numbers and its photos or scans, in one multipart request (the files stream to the server). */
export const sendIdentification = (order: SimOrder, fields: IdentificationFields, files: readonly File[], access: Access): Promise<ActionResult> => {
  const form = new FormData();
  form.append('documentType', fields.documentType);
  form.append('cardNumber', fields.cardNumber);
  if (fields.nationalNumber) form.append('nationalNumber', fields.nationalNumber);
  for (const file of files) form.append('files', file, file.name);
  const params = { customerId: order.customerId, contractId: order.contractId };
  const endpoint = access === 'public' ? endpoints.identifyOrder : endpoints.identify;
  return settle(() => call(endpoint, { params, body: form, silent: true }), access);
};
