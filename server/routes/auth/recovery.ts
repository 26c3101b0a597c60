import { endpoints } from '#contract/endpoints';
import { writeTransaction } from '../../db/engine.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAccountMessage } from '../../lib/auth-messages.ts';
import { revokeUserDevices } from '../../lib/devices.ts';
import { issueCode, useCode, useLink } from '../../lib/one-time-codes.ts';
import { hashPasswordAsync, verifyPasswordAsync } from '../../lib/password.ts';
import { clearAttempts, limitKeys } from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/router.ts';
import { revokeUserSessions } from '../../lib/sessions.ts';
import { findUserByEmail, findUserForPhone, setPasswordHash, type UserRow } from '../../lib/users.ts';
import {
  countMessageRequest,
  initAnswer,
  isLegacyWithoutCustomer,
  linkExpired,
  linkUser,
  samePassword,
  sendRecoveryLink,
  verifySmsCode,
} from './shared.ts';

/** Password recovery: a link by e-mail or a code by SMS, then the new password. */
export const registerRecoveryRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  /**
   * Starts a recovery. The answer is the same whether or not the address or number belongs to an account, so
   * the form cannot be used to find out who is a customer; the message says what to do.
   */
  router.route(endpoints.resetPassword, async ({ body, request }) => {
    const now = clock.now();
    if ('email' in body) {
      await countMessageRequest(ctx, request, body.email, now);
      const user = await findUserByEmail(db, body.email);
      if (user?.email && !isLegacyWithoutCustomer(user))
        await sendRecoveryLink(ctx, user, user.email, body.lang ?? user.language, 'recoverLink');
      return { success: true };
    }
    await countMessageRequest(ctx, request, body.msisdn, now);
    const user = await findUserForPhone(db, body.msisdn);
    if (user && !isLegacyWithoutCustomer(user)) {
      const code = await issueCode(db, body.msisdn, 'recoverPassword', now);
      await sendAccountMessage(ctx, {
        channel: 'SMS',
        to: body.msisdn,
        lang: body.lang ?? user.language,
        kind: 'recoverCode',
        vars: { code },
      });
    }
    return { success: true };
  });

  /** After a recovery nobody else may still be in: every session and every device PIN of the account ends. */
  const resetPassword = async (user: UserRow, pwd: string, now: Date): Promise<void> => {
    const hash = await hashPasswordAsync(pwd);
    await writeTransaction(db, async (tx) => {
      await setPasswordHash(tx, user.id, hash);
      await revokeUserSessions(tx, user.id, now, 'passwordReset');
      await revokeUserDevices(tx, user.id, now, 'passwordReset');
    });
  };

  router.route(endpoints.recoverBySms, async ({ body }) => {
    const now = clock.now();
    const codeId = await verifySmsCode(ctx, body.msisdn, 'recoverPassword', body.code, now);
    const user = await findUserForPhone(db, body.msisdn);
    if (!user) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    if (user.password_hash && (await verifyPasswordAsync(body.pwd, user.password_hash))) throw samePassword();
    if (!(await useCode(db, codeId, now))) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    await clearAttempts(db, limitKeys.codeAttempt(body.msisdn, 'recoverPassword'));
    await resetPassword(user, body.pwd, now);
    return { success: true };
  });

  router.route(endpoints.recoverPasswordInit, async ({ params }) =>
    initAnswer(ctx, (await linkUser(ctx, params.uuid, params.token, 'recoverPassword', clock.now())).user),
  );

  router.route(endpoints.recoverPassword, async ({ params, body }) => {
    const now = clock.now();
    const { user, link } = await linkUser(ctx, params.uuid, params.token, 'recoverPassword', now);
    if (user.password_hash && (await verifyPasswordAsync(body.pwd, user.password_hash))) throw samePassword();
    if (!(await useLink(db, link.id, now))) throw linkExpired();
    await resetPassword(user, body.pwd, now);
    return { success: true };
  });
};
