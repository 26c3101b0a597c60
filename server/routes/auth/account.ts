import { formatBelgianPhone } from '#contract/phone';
import { endpoints } from '#contract/endpoints';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { appUrl, queueAccountMessage } from '../../lib/auth-messages.ts';
import {
  confirmContactEmail,
  confirmContactEmailIfStill,
  findContact,
  findCustomerIdByGuid,
  findCustomerIdByNumber,
  findLiveLine,
} from '../../lib/customer-data.ts';
import { checkLink, issueCode, issueLink, useCode, useLink } from '../../lib/one-time-codes.ts';
import { hashPasswordAsync } from '../../lib/password.ts';
import { clearAttempts, limitKeys } from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/router.ts';
import { newGuid } from '../../lib/tokens.ts';
import { findCustomerOwner, findUserByEmail, findUserById, findUserByMsisdn, insertUser, setPasswordHash } from '../../lib/users.ts';
import { countMessageRequest, initAnswer, linkExpired, linkUnknown, linkUser, queueRecoveryLink, verifySmsCode } from './shared.ts';

const noLine = () =>
  new ApiError(404, 'customerNotFound', 'No line with this number', { fields: [{ field: 'msisdn', message: 'validation:invalid' }] });
const msisdnInUse = () =>
  new ApiError(409, 'msisdnInUse', 'An account already uses this number', { fields: [{ field: 'msisdn', message: 'validation:invalid' }] });

/** Account creation (by customer number and e-mail, or by phone and SMS code) and the e-mail confirmation link. */
export const registerAccountRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  router.route(endpoints.createPasswordInit, ({ params }) =>
    initAnswer(ctx, linkUser(ctx, params.uuid, params.token, 'createPassword', clock.now()).user),
  );

  /** Ends an account creation by e-mail; the link came to the contact address, which is therefore confirmed. */
  router.route(endpoints.createPassword, async ({ params, body }) => {
    const now = clock.now();
    const { user, link } = linkUser(ctx, params.uuid, params.token, 'createPassword', now);
    if (!useLink(db, link.id, now)) throw linkExpired();
    setPasswordHash(db, user.id, await hashPasswordAsync(body.pwd));
    if (user.customer_id !== null && user.email) confirmContactEmailIfStill(db, user.customer_id, user.email, now);
    return { success: true };
  });

  /**
   * Account creation (SPEC §1). The answer is the same, in the same time, whatever the identifiers name
   * (docs/product/security.md "Accounts do not show"): a stranger learns neither who is a customer nor who already has
   * an account. The message, queued and sent after the answer, says what applies. By customer number + the contact's
   * e-mail: the owner account is created without a password and a create-password link is e-mailed (if the owner
   * already has a password, the e-mail offers a recovery link instead); nothing is sent when the number and the
   * address do not belong together. By phone number: an SMS code for createAccountBySms, or, when the number already
   * has an account, an SMS that says so and where to recover the password; nothing for a number that is no line.
   */
  router.route(endpoints.createAccount, ({ body, request }) => {
    const now = clock.now();
    if ('customer' in body) {
      countMessageRequest(ctx, request, body.email, now);
      const customerId = findCustomerIdByNumber(db, body.customer);
      const contact = customerId !== undefined ? findContact(db, customerId) : undefined;
      if (customerId === undefined || !contact || contact.email.toLowerCase() !== body.email.toLowerCase()) return { success: true };
      const lang = body.lang ?? contact.language;
      const owner = findCustomerOwner(db, customerId);
      if (owner?.password_hash) {
        queueRecoveryLink(ctx, owner, contact.email, lang, 'accountExists');
        return { success: true };
      }
      // The contact address becomes the login, unless another account already uses it (then: the customer number).
      const emailFree = findUserByEmail(db, contact.email) === undefined;
      const user =
        owner ??
        insertUser(
          db,
          {
            guid: newGuid(),
            customer_id: customerId,
            role: 'owner',
            email: emailFree ? contact.email : null,
            msisdn: null,
            language: contact.language,
            first_name: contact.first_name,
            last_name: contact.last_name,
            birth_date: contact.birth_date,
          },
          now,
        );
      const token = issueLink(db, user.id, 'createPassword', now);
      queueAccountMessage(ctx, {
        channel: 'EMAIL',
        to: contact.email,
        lang,
        kind: 'createAccountLink',
        vars: { name: `${contact.first_name} ${contact.last_name}`, link: appUrl(ctx, `/login/create-password/${user.guid}/${token}`) },
      });
      return { success: true };
    }

    countMessageRequest(ctx, request, body.msisdn, now);
    const line = findLiveLine(db, body.msisdn);
    if (!line) return { success: true };
    const lang = body.lang ?? findContact(db, line.customer_id)?.language ?? 'fr';
    if (findUserByMsisdn(db, body.msisdn)?.password_hash) {
      queueAccountMessage(ctx, {
        channel: 'SMS',
        to: body.msisdn,
        lang,
        kind: 'accountExistsSms',
        vars: { number: formatBelgianPhone(body.msisdn), link: appUrl(ctx, '/login/recover-password') },
      });
      return { success: true };
    }
    const code = issueCode(db, body.msisdn, 'createAccount', now);
    queueAccountMessage(ctx, { channel: 'SMS', to: body.msisdn, lang, kind: 'createAccountCode', vars: { code } });
    return { success: true };
  });

  /** Ends an account creation by phone: a plain user of that line, logging in with the phone number (SPEC §1). */
  router.route(endpoints.createAccountBySms, async ({ body }) => {
    const now = clock.now();
    const codeId = verifySmsCode(ctx, body.msisdn, 'createAccount', body.code, now);
    const line = findLiveLine(db, body.msisdn);
    if (!line) throw noLine();
    const existing = findUserByMsisdn(db, body.msisdn);
    if (existing?.password_hash) throw msisdnInUse();
    if (!useCode(db, codeId, now)) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    clearAttempts(db, limitKeys.codeAttempt(body.msisdn, 'createAccount'));
    const user =
      existing ??
      insertUser(
        db,
        {
          guid: newGuid(),
          customer_id: line.customer_id,
          role: 'user',
          email: null,
          msisdn: body.msisdn,
          language: findContact(db, line.customer_id)?.language ?? 'fr',
          first_name: null,
          last_name: null,
          birth_date: null,
        },
        now,
      );
    setPasswordHash(db, user.id, await hashPasswordAsync(body.pwd));
    return { success: true };
  });

  /** E-mail confirmation (SPEC §7 subscription/{id}/confirm-email): {uuid} is the customer's guid. */
  router.route(endpoints.confirmEmail, ({ params, body }) => {
    const now = clock.now();
    const customerId = findCustomerIdByGuid(db, params.uuid);
    const check = checkLink(
      db,
      body.token,
      'confirmEmail',
      now,
      (userId) => customerId !== undefined && findUserById(db, userId)?.customer_id === customerId,
    );
    if (customerId === undefined || !check.ok) throw !check.ok && check.reason === 'expired' ? linkExpired() : linkUnknown();
    const contact = findContact(db, customerId);
    // The link confirms the address it was sent to; after another change it is out of date.
    if (!contact || contact.email.toLowerCase() !== check.link.target) throw linkExpired();
    if (!useLink(db, check.link.id, now)) throw linkExpired();
    confirmContactEmail(db, customerId, now);
    return { success: true };
  });
};
