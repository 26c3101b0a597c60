import type { FastifyReply, FastifyRequest } from 'fastify';
import { authModeHeader, bearerAuthMode } from '#contract/auth';
import type { Language } from '#contract/common';
import { writeTransaction } from '../../db/engine.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { appUrl, displayName, queueAccountMessage } from '../../lib/auth-messages.ts';
import { pinExpiry, type DeviceRecord } from '../../lib/devices.ts';
import { checkCode, checkLink, issueLink, retireCodes, type CodePurpose, type LinkPurpose } from '../../lib/one-time-codes.ts';
import {
  assertNoneLocked,
  assertNotLocked,
  codeAttemptPolicy,
  codeRequestAddressPolicy,
  codeRequestPolicy,
  limitKeys,
  recordFailure,
  recordFailures,
} from '../../lib/rate-limit.ts';
import type { IssuedSession } from '../../lib/sessions.ts';
import { customerRefOf, findUserByGuid, toAuthUser, type UserRow } from '../../lib/users.ts';
import { setSessionCookies } from '../../plugins/auth.ts';

/* What the auth flows (login, session, recovery, account creation) share: their errors and their helpers. */

export const invalidCredentials = (): ApiError => new ApiError(401, 'invalidCredentials', 'Invalid credentials');
export const legacyWithoutCustomer = (): ApiError => new ApiError(403, 'legacyWithoutCustomer', 'Legacy account without customer');
export const isLegacyWithoutCustomer = (user: UserRow): boolean => user.scope === 'LEGACY' && user.customer_id === null;
/**
 * 404: no such link (docs/product/errors.md "Recovery link errors": customer or token mismatch); 419: expired or
 * already used. The app marks the link invalid on both.
 */
export const linkUnknown = (): ApiError => new ApiError(404, 'linkMismatch', 'Unknown link');
export const linkExpired = (): ApiError => new ApiError(419, 'linkExpired', 'Link expired or already used');
export const samePassword = (): ApiError =>
  new ApiError(422, 'samePassword', 'The new password must differ from the old one', {
    fields: [{ field: 'pwd', message: 'validation:password.reuse' }],
  });

/** The client asked for the tokens in the body (`X-Auth-Mode: bearer`): a non-browser client, never the app. */
export const wantsBearer = (request: FastifyRequest): boolean => {
  const mode = request.headers[authModeHeader.toLowerCase()];
  return typeof mode === 'string' && mode.trim().toLowerCase() === bearerAuthMode;
};

/**
 * Cookies + the login answer of every kind of login (password, PIN, link, renewal). The tokens go into the body
 * only in bearer mode: a browser's script never sees them.
 */
export const openSession = (
  ctx: Pick<AppContext, 'mail'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  issued: IssuedSession,
  now: Date,
  device?: DeviceRecord,
) => {
  setSessionCookies(ctx, reply, issued, now);
  return {
    ...(wantsBearer(request) ? { token: issued.accessToken, refresh_token: issued.refreshToken } : {}),
    expires_at: issued.expiresAt.toISOString(),
    refresh_expires_at: issued.refreshExpiresAt.toISOString(),
    user: toAuthUser(user),
    ...(device ? { device: { id: device.client_id, pin_expires_at: pinExpiry(device) } } : {}),
  };
};

/** Counts a message request against its recipient and the caller's address; 429 tooManyCodeRequests beyond. */
export const countMessageRequest = async (ctx: AppContext, request: FastifyRequest, recipient: string, now: Date): Promise<void> => {
  const limits = [
    [limitKeys.codeRequest(recipient), codeRequestPolicy],
    [limitKeys.codeRequestAddress(request.ip), codeRequestAddressPolicy],
  ] as const;
  // One transaction: requests on several instances at once are all counted.
  await writeTransaction(ctx.db, async (tx) => {
    await assertNoneLocked(tx, now, limits);
    await recordFailures(tx, now, limits);
  });
};

/*
 * Work done after the answer (docs/product/security.md "Nothing tells which accounts exist"): a flow that must answer
 * the same, in the same time, whatever the identifier names, answers first and only then looks the identifier up,
 * issues the code or link and queues the message. The answer's path is then the same for every identifier (a known
 * e-mail address answered in a median 25.9 ms against 10.3 ms for an unknown one when the lookup, the link and the
 * queue ran before it). A failure is logged, never shown: the answer already said "if this is yours, a message is on
 * its way". The work starts once the answer is written (or the client went away), then the mail queue sends what it
 * queued.
 */
const workAfterAnswers = new WeakMap<object, Set<Promise<void>>>();

export const afterAnswer = (
  ctx: Pick<AppContext, 'mailQueue'>,
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  work: () => Promise<void>,
): void => {
  let running = workAfterAnswers.get(ctx);
  if (!running) workAfterAnswers.set(ctx, (running = new Set()));
  const inFlight = running;
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    // On the next turn of the event loop: not even the first steps of the work run before the answer has left.
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(() => ctx.mailQueue.flush())
      .catch((error: unknown) => request.log.error({ err: error }, `${what}: the work after the answer failed`))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
};

/**
 * Resolves once the work started after the answers given so far has ended (what reads the messages waits for it).
 * @internal Exported for its tests (knip --production).
 */
export const workAfterAnswersDone = async (ctx: Pick<AppContext, 'mailQueue'>): Promise<void> => {
  const running = workAfterAnswers.get(ctx);
  while (running && running.size > 0) await Promise.all([...running]);
};

/** Queues a recovery link to an account's address (sent after the answer: lib/mail-queue.ts). */
export const queueRecoveryLink = async (
  ctx: AppContext,
  user: UserRow,
  to: string,
  lang: Language,
  kind: 'recoverLink' | 'accountExists',
): Promise<void> => {
  const token = await issueLink(ctx.db, user.id, 'recoverPassword', ctx.clock.now());
  await queueAccountMessage(ctx, {
    channel: 'EMAIL',
    to,
    lang,
    kind,
    vars: { name: displayName(user), link: appUrl(ctx, `/login/recover-password/${user.guid}/${token}`) },
  });
};

/**
 * Checks an SMS code: 5 wrong codes per number (and purpose) burn the codes sent and block the number for 30
 * minutes (429); a used or expired code is 419 (ask for a new one); a wrong one 422 smsCodeInvalid.
 */
export const verifySmsCode = async (ctx: AppContext, msisdn: string, purpose: CodePurpose, code: string, now: Date): Promise<number> => {
  const { db } = ctx;
  const key = limitKeys.codeAttempt(msisdn, purpose);
  await assertNotLocked(db, key, now, codeAttemptPolicy);
  const check = await checkCode(db, msisdn, purpose, code, now);
  if (check.ok) return check.codeId;
  if (check.reason === 'expired') {
    throw new ApiError(419, 'invalidToken', 'Code expired or already used', {
      fields: [{ field: 'code', message: 'validation:invalid' }],
    });
  }
  const lockMs = await recordFailure(db, key, now, codeAttemptPolicy);
  if (lockMs > 0) {
    await retireCodes(db, msisdn, purpose, now);
    throw new ApiError(429, 'tooManyCodeRequests', 'Too many wrong codes', { retryAfter: Math.ceil(lockMs / 1000) });
  }
  throw new ApiError(422, 'smsCodeInvalid', 'Wrong code', { fields: [{ field: 'code', message: 'validation:invalid' }] });
};

/**
 * The user of a link: its guid must match the token's owner, else 404 (docs/product/errors.md "Recovery link errors":
 * 404 or 419).
 */
export const linkUser = async (ctx: AppContext, uuid: string, token: string, purpose: LinkPurpose, now: Date) => {
  const user = await findUserByGuid(ctx.db, uuid);
  const check = await checkLink(ctx.db, token, purpose, now, (userId) => user?.id === userId);
  if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkUnknown();
  if (!user) throw linkUnknown();
  return { user, link: check.link };
};

/** Recovery initialisation answer (docs/product/auth.md "Password recovery"): the user's customer_ref or e-mail. */
export const initAnswer = async (ctx: AppContext, user: UserRow) => ({
  user: { customer_ref: await customerRefOf(ctx.db, user), email: user.email },
});
