import type { FastifyReply, FastifyRequest } from 'fastify';
import { identificationFieldsSchema, identityFilesIssue, type SimOrder } from '#contract/activation';
import { activationStage, canRequestActivation, canSendIdentification } from '#contract/activation-rules';
import { endpoints } from '#contract/endpoints';
import { activationIdentifierKind } from '#contract/rules';
import { nationalNumberValid } from '#contract/validators';
import { writeTransaction } from '../db/engine.ts';
import {
  activationAddressPolicy,
  activationAttemptPolicy,
  activationCandidates,
  activationLimitKeys,
  activationSessionContract,
  CODE_VALID_MS,
  findSimOrderByContract,
  findSimOrderById,
  findSimOrderByUuid,
  holderBirthDate,
  insertActivationSession,
  listSimOrders,
  markActivationCodeUsed,
  msisdnTaken,
  recipientOf,
  recordIdentification,
  replaceActivationCode,
  requestNewNumber,
  requestPortIn,
  toSimOrder,
  type ActivationCandidate,
  type PortInData,
  type SimOrderRecord,
  type StoredFile,
} from '../lib/activation-data.ts';
import { requireCustomer } from '../lib/access.ts';
import { ApiError, forbidden, invalidParameters, notFound } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { appUrl, queueAccountMessage } from '../lib/auth-messages.ts';
import { findContract } from '../lib/customer-data.ts';
import { storeFile } from '../lib/file-store.ts';
import { hashPasswordAsync, verifyPasswordAsync } from '../lib/password.ts';
import {
  assertNoneLocked,
  clearAttempts,
  codeRequestAddressPolicy,
  codeRequestPolicy,
  forgiveFailure,
  limitKeys,
  lockedForMs,
  recordFailures,
  type RateLimitPolicy,
} from '../lib/rate-limit.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { hashToken, randomCode, randomToken } from '../lib/tokens.ts';
import { receiveUpload, type ReceivedFile } from '../lib/uploads.ts';
import { authOf, secureCookies } from '../plugins/auth.ts';

/*
 * SIM activation (docs/product/activation.md "Finding the order", "New number", "Number transfer", "Order follow-up"):
 * the order found with its code (without login), or the logged-in holder's own contract; identification; a new number
 * or a transfer; the follow-up. What moves an order on is the network's work: in the demo, the provisioning
 * simulator (server/stand-ins/provisioning.ts).
 */

export const ACTIVATION_COOKIE = 'activation_session';
const ACTIVATION_COOKIE_PATH = '/api/public';

/** A scrypt hash of no code: unknown identifiers cost the same time as known ones (nothing tells which exist). */
let decoy: Promise<string> | null = null;
const decoyHash = (): Promise<string> => (decoy ??= hashPasswordAsync('no-order'));

const activationCodeWrong = (): ApiError => new ApiError(422, 'activationCodeWrong', 'Wrong activation code');
const notPossible = (): ApiError => new ApiError(409, 'activationNotPossible', 'The order does not allow this now');
const sessionExpired = (): ApiError => new ApiError(403, 'activationSessionExpired', 'Give the order number and code again');

const stateOf = (order: SimOrderRecord) => ({
  status: order.status,
  subStatus: order.sub_status,
  identificationStatus: order.identification_status,
  fraudStatus: order.fraud_status,
});

/** The activation session of this browser (the HttpOnly cookie): the contract it opens. 403 when missing or expired. */
const sessionContract = async (ctx: AppContext, request: FastifyRequest): Promise<number> => {
  const token = request.cookies[ACTIVATION_COOKIE];
  const contractId = token ? await activationSessionContract(ctx.db, hashToken(token), ctx.clock.now()) : undefined;
  if (contractId === undefined) throw sessionExpired();
  return contractId;
};

/** The SIM order of a contract opened by the activation session; 403 for another customer's or contract's. */
const publicOrder = async (ctx: AppContext, request: FastifyRequest, customerId: number, contractId: number): Promise<SimOrderRecord> => {
  if ((await sessionContract(ctx, request)) !== contractId) throw forbidden();
  const order = await findSimOrderByContract(ctx.db, contractId);
  if (!order || order.customer_id !== customerId) throw forbidden();
  return order;
};

/**
 * The SIM order of the logged-in holder's contract. A plain user follows no order (docs/product/roles.md "Plain user").
 */
const holderOrder = async (ctx: AppContext, request: FastifyRequest, customerId: number, contractId: number): Promise<SimOrderRecord> => {
  requireCustomer(authOf(request), customerId, { plainUser: 'deny' });
  if (!(await findContract(ctx.db, customerId, contractId))) throw notFound('Contract not found');
  const order = await findSimOrderByContract(ctx.db, contractId);
  if (!order) throw notFound('No SIM order for this contract');
  return order;
};

type Choice = { mode: 'new_number'; iccid: string } | { mode: 'port_in'; iccid: string; portIn: PortInData };

/**
 * Starts a new number or a transfer, checked in the write transaction that starts it: the order allows it
 * (docs/product/activation.md "When a SIM can be activated"), the SIM card's number is the one of the card we sent, a
 * transferred number is not already ours or being transferred by another order. `prefix` places the fields at fault as
 * the request named them.
 */
const startActivation = (ctx: AppContext, orderId: number, choice: Choice, prefix: string): Promise<SimOrder> =>
  writeTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const order = await findSimOrderById(tx, orderId);
    if (!order) throw notFound();
    if (!canRequestActivation(stateOf(order))) throw notPossible();
    const iccidField = choice.mode === 'port_in' ? `${prefix}iccid` : 'iccid';
    if (order.sim_iccid !== null && choice.iccid !== order.sim_iccid) {
      throw invalidParameters([{ field: iccidField, message: 'validation:iccidMismatch' }]);
    }
    if (choice.mode === 'new_number') await requestNewNumber(tx, order, now);
    else {
      if (await msisdnTaken(tx, choice.portIn.msisdn, order.id)) {
        throw new ApiError(409, 'msisdnInUse', 'This number is already ours', {
          fields: [{ field: `${prefix}msisdn`, message: 'validation:msisdnInUse' }],
        });
      }
      await requestPortIn(tx, order, choice.portIn, now);
    }
    const updated = await findSimOrderById(tx, order.id);
    if (!updated) throw notFound();
    return toSimOrder(tx, updated);
  });

/**
 * Identification: the documents are read as they stream in (checked by content), the fields are checked like the
 * form checks them, the national number must start with the holder's birth date, and the order then waits for our
 * check. The files are stored with the identification, in its transaction: refused, nothing is kept.
 */
const identify = async (
  ctx: AppContext,
  request: FastifyRequest,
  order: SimOrderRecord,
  spec: NonNullable<(typeof endpoints)['identify']['upload']>,
) => {
  if (!canSendIdentification(stateOf(order))) throw notPossible();
  const upload = await receiveUpload(request, spec.file);
  const received: ReceivedFile[] = upload.files;
  {
    const fields = identificationFieldsSchema.safeParse(upload.fields);
    if (!fields.success) {
      throw invalidParameters(fields.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })));
    }
    const issue = identityFilesIssue(
      fields.data.documentType,
      received.map((file) => ({ type: file.mediaType, size: file.size })),
    );
    if (issue) throw new ApiError(400, 'uploadError', 'Upload refused', { fields: [{ field: 'files', message: issue }] });
    const birthDate = await holderBirthDate(ctx.db, order.customer_id);
    if (fields.data.nationalNumber !== null && birthDate !== null && !nationalNumberValid(fields.data.nationalNumber, birthDate)) {
      throw invalidParameters([{ field: 'nationalNumber', message: 'validation:nationalNumberBirthDate' }]);
    }
    return writeTransaction(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const current = await findSimOrderById(tx, order.id);
      if (!current || !canSendIdentification(stateOf(current))) throw notPossible();
      const stored: StoredFile[] = [];
      for (const file of received) {
        const kept = await storeFile(
          tx,
          { folder: `identity/${order.contract_id}`, extension: file.extension, mediaType: file.mediaType, bytes: file.bytes },
          now,
        );
        stored.push({ path: kept.key, mediaType: file.mediaType, size: file.size });
      }
      await recordIdentification(tx, current, fields.data, stored, now);
      const updated = await findSimOrderById(tx, order.id);
      if (!updated) throw notFound();
      return toSimOrder(tx, updated);
    });
  }
};

const setActivationCookie = (ctx: AppContext, reply: FastifyReply, token: string, expiresAt: string, now: Date): void => {
  void reply.setCookie(ACTIVATION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(ctx),
    path: ACTIVATION_COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000)),
  });
};

/** The order among the candidates whose code this is (scrypt, off the event loop), or undefined. */
const matchingCandidate = async (candidates: readonly ActivationCandidate[], code: string): Promise<ActivationCandidate | undefined> => {
  if (candidates.length === 0) {
    await verifyPasswordAsync(code, await decoyHash());
    return undefined;
  }
  for (const candidate of candidates) if (await verifyPasswordAsync(code, candidate.codeHash)) return candidate;
  return undefined;
};

/** Without login: the order found by its number (or the line's) and its code, and a new code sent on request. */
const registerCodeRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  router.route(endpoints.activateOrder, async ({ body, request, reply }) => {
    const now = clock.now();
    const kind = activationIdentifierKind(body.identifier);
    const candidates = kind ? await activationCandidates(db, kind, body.identifier) : [];
    // Counted before the (slow) check, per order, per identifier and per address: attempts sent at once cannot all
    // pass the limit while their checks are in flight.
    const limits: (readonly [string, RateLimitPolicy])[] = [
      ...candidates.map((candidate) => [activationLimitKeys.order(candidate.orderRef), activationAttemptPolicy] as const),
      [activationLimitKeys.identifier(body.identifier), activationAttemptPolicy],
      [activationLimitKeys.address(request.ip), activationAddressPolicy],
    ];
    await writeTransaction(db, async (tx) => {
      await assertNoneLocked(tx, now, limits);
      await recordFailures(tx, now, limits);
    });
    const match = await matchingCandidate(candidates, body.code);
    if (!match) {
      // The failure that used up the last free attempt already says so: the customer learns it now, not at the next try.
      let locked = false;
      for (const [key] of limits) if ((await lockedForMs(db, key, now)) > 0) locked = true;
      if (locked) throw new ApiError(429, 'tooManyActivationRequests', 'Too many activation requests', { retryAfter: 30 * 60 });
      throw activationCodeWrong();
    }
    await writeTransaction(db, async (tx) => {
      for (const [key, policy] of limits) {
        if (policy === activationAttemptPolicy) await clearAttempts(tx, key);
        else await forgiveFailure(tx, key, policy, now);
      }
    });
    if (match.expiresAt !== null && Date.parse(match.expiresAt) <= now.getTime()) {
      throw new ApiError(419, 'invalidToken', 'Activation code expired: ask for a new one');
    }
    const order = await findSimOrderByContract(db, match.contractId);
    if (!order) throw new ApiError(422, 'activationGeneric', 'This order has no SIM to activate');
    const token = randomToken();
    const expiresAt = await writeTransaction(db, async (tx) => {
      await markActivationCodeUsed(tx, match.orderRef, now);
      return insertActivationSession(tx, hashToken(token), match.contractId, now);
    });
    setActivationCookie(ctx, reply, token, expiresAt, now);
    return toSimOrder(db, order);
  });

  router.route(endpoints.resendActivationCode, async ({ body, request }) => {
    const now = clock.now();
    const limits = [
      [activationLimitKeys.resend(body.identifier), codeRequestPolicy],
      [limitKeys.codeRequestAddress(request.ip), codeRequestAddressPolicy],
    ] as const;
    await writeTransaction(db, async (tx) => {
      await assertNoneLocked(tx, now, limits);
      await recordFailures(tx, now, limits);
    });
    const kind = activationIdentifierKind(body.identifier);
    const candidates = kind ? await activationCandidates(db, kind, body.identifier) : [];
    let sent = 0;
    for (const candidate of candidates) {
      const order = await findSimOrderByContract(db, candidate.contractId);
      const stage = order ? activationStage(stateOf(order)) : 'closed';
      if (stage === 'active' || stage === 'closed') continue;
      const recipient = await recipientOf(db, candidate.customerId);
      if (!recipient) continue;
      const code = randomCode();
      const hash = await hashPasswordAsync(code);
      // The new code and its message in one transaction: a code is replaced only with its message queued. Sent after
      // the answer (lib/mail-queue.ts): neither its time nor a failure to send shows in the answer.
      await writeTransaction(db, async (tx) => {
        await replaceActivationCode(tx, candidate.orderRef, hash, new Date(now.getTime() + CODE_VALID_MS).toISOString(), now);
        await queueAccountMessage(
          ctx,
          {
            channel: 'EMAIL',
            to: recipient.email,
            lang: recipient.language,
            kind: 'activationCode',
            vars: { name: recipient.firstName, code, order: candidate.orderRef, link: appUrl(ctx, '/orders/activate') },
          },
          tx,
        );
      });
      sent += 1;
    }
    // The same answer, in the same time, whether an order matched or not: the form cannot be used to find out who
    // ordered a SIM (the code's hash is what takes time).
    if (sent === 0) await hashPasswordAsync(randomCode());
    return { success: true };
  });
};

/** The order opened by its code, under the activation session's cookie, and the signed-in holder's own orders. */
const registerOrderRoutes = (router: Router, ctx: AppContext): void => {
  const { db } = ctx;
  router.route(endpoints.publicSimOrder, async ({ params, request }) => {
    const contractId = await sessionContract(ctx, request);
    const order = await findSimOrderByUuid(db, params.uuid);
    if (!order || order.contract_id !== contractId) throw notFound('Order not found');
    return toSimOrder(db, order);
  });

  router.route(endpoints.activateOrderDelivery, async ({ params, body, request }) => {
    const order = await publicOrder(ctx, request, params.customerId, params.contractId);
    const choice: Choice = body.mode === 'new_number' ? body : { mode: 'port_in', iccid: body.portIn.iccid, portIn: body.portIn };
    return startActivation(ctx, order.id, choice, 'portIn.');
  });

  router.route(endpoints.identifyOrder, async ({ params, request }) => {
    const order = await publicOrder(ctx, request, params.customerId, params.contractId);
    return identify(ctx, request, order, endpoints.identifyOrder.upload);
  });

  router.route(endpoints.simOrders, async ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const orders: SimOrder[] = [];
    for (const row of await listSimOrders(db, params.customerId)) orders.push(await toSimOrder(db, row));
    return { orders };
  });

  router.route(endpoints.activateSim, async ({ params, body, request }) => {
    const order = await holderOrder(ctx, request, params.customerId, params.contractId);
    return startActivation(ctx, order.id, { mode: 'new_number', iccid: body.iccid }, '');
  });

  router.route(endpoints.portIn, async ({ params, body, request }) => {
    const order = await holderOrder(ctx, request, params.customerId, body.contractId);
    return startActivation(ctx, order.id, { mode: 'port_in', iccid: body.portIn.iccid, portIn: body.portIn }, 'portIn.');
  });

  router.route(endpoints.identify, async ({ params, request }) => {
    const order = await holderOrder(ctx, request, params.customerId, params.contractId);
    return identify(ctx, request, order, endpoints.identify.upload);
  });
};

export default routePlugin((app, { ctx }) => {
  const router = createRouter(app, ctx);
  registerCodeRoutes(router, ctx);
  registerOrderRoutes(router, ctx);
});
