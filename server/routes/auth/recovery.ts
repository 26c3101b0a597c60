import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#contract/common';
import { endpoints } from '#contract/endpoints';
import { writeTransaction } from '../../db/engine.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { queueAccountMessage, queuePasswordChangedNotice } from '../../lib/auth-messages.ts';
import { issueDeviceCookie } from '../../lib/device-cookies.ts';
import { endFootholds } from '../../lib/footholds.ts';
import { checkLink, issueCode, useCode, useLink } from '../../lib/one-time-codes.ts';
import { hashPasswordAsync, verifyPasswordAsync } from '../../lib/password.ts';
import { clearAttempts, limitKeys } from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/contract-route.ts';
import { customerRefOf, findUserByEmail, findUserById, findUserForPhone, setPasswordHash, type UserRow } from '../../lib/users.ts';
import { secureCookies } from '../../plugins/auth.ts';
import {
  afterAnswer,
  countMessageRequest,
  initAnswer,
  isLegacyWithoutCustomer,
  linkExpired,
  linkUnknown,
  linkUser,
  queueRecoveryLink,
  samePassword,
  verifySmsCode,
} from './shared.ts';

/** Password recovery: a link by e-mail or a code by SMS, then the new password. */
export const registerRecoveryRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  /** The recovery link by e-mail: for a known address of an account that may log in, nothing otherwise. */
  const sendRecoveryLink = async (email: string, lang: Language | undefined): Promise<void> => {
    const user = await findUserByEmail(db, email);
    if (user?.email && !isLegacyWithoutCustomer(user)) await queueRecoveryLink(ctx, user, user.email, lang ?? user.language, 'recoverLink');
  };

  /** The recovery code by SMS: for a number that names a user, nothing otherwise. */
  const sendRecoveryCode = async (msisdn: string, lang: Language | undefined, now: Date): Promise<void> => {
    const user = await findUserForPhone(db, msisdn);
    if (!user || isLegacyWithoutCustomer(user)) return;
    const code = await issueCode(db, msisdn, 'recoverPassword', now);
    await queueAccountMessage(ctx, { channel: 'SMS', to: msisdn, lang: lang ?? user.language, kind: 'recoverCode', vars: { code } });
  };

  /**
   * Starts a recovery. The answer is the same, in the same time, whether or not the address or number belongs to an
   * account (docs/product/security.md "Nothing tells which accounts exist"): before it, only what every identifier
   * goes through (the contract's validation, the count of message requests, which may answer 429); the lookup, the
   * link or code and the message come after it (afterAnswer), and a failure to send is logged and retried, never
   * shown. The message says what to do.
   */
  router.route(endpoints.resetPassword, async ({ body, request, reply }) => {
    const now = clock.now();
    const work =
      'email' in body
        ? { recipient: body.email, send: () => sendRecoveryLink(body.email, body.lang) }
        : { recipient: body.msisdn, send: () => sendRecoveryCode(body.msisdn, body.lang, now) };
    await countMessageRequest(ctx, request, work.recipient, now);
    afterAnswer(ctx, request, reply, 'password recovery', work.send);
    return { success: true };
  });

  /**
   * After a recovery nobody else may still be in: every session, device PIN, trusted browser and push subscription of
   * the account ends, and so do its locks (lib/footholds.ts). The browser that recovered is trusted from now on (a
   * device cookie): the owner who proved the address or the number is never locked out by a stranger's guesses.
   */
  const resetPassword = async (user: UserRow, pwd: string, now: Date, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const passwordHash = await hashPasswordAsync(pwd);
    await writeTransaction(db, async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await endFootholds(tx, user.id, now, 'passwordReset', null);
    });
    await issueDeviceCookie(db, request, reply, user.id, now, { secure: secureCookies(ctx) });
    await queuePasswordChangedNotice(ctx, user);
  };

  router.route(endpoints.recoverBySms, async ({ body, request, reply }) => {
    const now = clock.now();
    const codeId = await verifySmsCode(ctx, body.msisdn, 'recoverPassword', body.code, now);
    const user = await findUserForPhone(db, body.msisdn);
    if (!user) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    if (user.password_hash && (await verifyPasswordAsync(body.pwd, user.password_hash))) throw samePassword();
    if (!(await useCode(db, codeId, now))) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    await clearAttempts(db, limitKeys.codeAttempt(body.msisdn, 'recoverPassword'));
    await resetPassword(user, body.pwd, now, request, reply);
    return { success: true };
  });

  /*
   * GET /public/customer/{id}/{token} (docs/product/api.md): who a link of an e-mail is for, before logging in (the
   * link screens greet the customer and prefill the customer number). The token must be a live link of a user of
   * that customer, for choosing or recovering a password or confirming an e-mail: never a login or energy link,
   * which a glance must not reveal. Nothing is used up. 404 for an unknown token or customer, 419 for an expired or
   * used link, as the link screens already read them.
   */
  router.route(endpoints.publicCustomer, async ({ params }) => {
    const now = clock.now();
    for (const purpose of ['createPassword', 'recoverPassword', 'confirmEmail'] as const) {
      const check = await checkLink(
        db,
        params.token,
        purpose,
        now,
        async (userId) => (await findUserById(db, userId))?.customer_id === params.customerId,
      );
      if (check.ok) {
        const user = await findUserById(db, check.link.user_id);
        const customerRef = user ? await customerRefOf(db, user) : null;
        if (!user || customerRef === null) throw linkUnknown();
        return { customer_ref: customerRef, first_name: user.first_name ?? '' };
      }
      if (check.reason === 'expired') throw linkExpired();
    }
    throw linkUnknown();
  });

  router.route(endpoints.recoverPasswordInit, async ({ params }) =>
    initAnswer(ctx, (await linkUser(ctx, params.uuid, params.token, 'recoverPassword', clock.now())).user),
  );

  router.route(endpoints.recoverPassword, async ({ params, body, request, reply }) => {
    const now = clock.now();
    const { user, link } = await linkUser(ctx, params.uuid, params.token, 'recoverPassword', now);
    if (user.password_hash && (await verifyPasswordAsync(body.pwd, user.password_hash))) throw samePassword();
    if (!(await useLink(db, link.id, now))) throw linkExpired();
    await resetPassword(user, body.pwd, now, request, reply);
    return { success: true };
  });
};
