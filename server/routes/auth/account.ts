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
import type { Router } from '../../lib/contract-route.ts';
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

  router.route(endpoints.createPasswordInit, async ({ params }) =>
    initAnswer(ctx, (await linkUser(ctx, params.uuid, params.token, 'createPassword', clock.now())).user),
  );

  /** Ends an account creation by e-mail; the link came to the contact address, which is therefore confirmed. */
  router.route(endpoints.createPassword, async ({ params, body }) => {
    const now = clock.now();
    const { user, link } = await linkUser(ctx, params.uuid, params.token, 'createPassword', now);
    if (!(await useLink(db, link.id, now))) throw linkExpired();
    await setPasswordHash(db, user.id, await hashPasswordAsync(body.pwd));
    if (user.customer_id !== null && user.email) await confirmContactEmailIfStill(db, user.customer_id, user.email, now);
    return { success: true };
  });

  /**
   * Account creation (docs/product/auth.md "Account creation"). The answer is the same, in the same time, whatever the
   * identifiers name (docs/product/security.md "Nothing tells which accounts exist"): a stranger learns neither who is
   * a customer nor who already has an account. The message, queued and sent after the answer, says what applies. By
   * customer number + the contact's e-mail: the owner account is created without a password and a create-password link
   * is e-mailed (if the owner already has a password, the e-mail offers a recovery link instead); nothing is sent when
   * the number and the address do not belong together. By phone number: an SMS code for createAccountBySms, or, when
   * the number already has an account, an SMS that says so and where to recover the password; nothing for a number that
   * is no line.
   */
  router.route(endpoints.createAccount, async ({ body, request }) => {
    const now = clock.now();
    if ('customer' in body) {
      await countMessageRequest(ctx, request, body.email, now);
      const customerId = await findCustomerIdByNumber(db, body.customer);
      const contact = customerId !== undefined ? await findContact(db, customerId) : undefined;
      if (customerId === undefined || !contact || contact.email.toLowerCase() !== body.email.toLowerCase()) return { success: true };
      const lang = body.lang ?? contact.language;
      const owner = await findCustomerOwner(db, customerId);
      if (owner?.password_hash) {
        await queueRecoveryLink(ctx, owner, contact.email, lang, 'accountExists');
        return { success: true };
      }
      // The contact address becomes the login, unless another account already uses it (then: the customer number).
      const emailFree = (await findUserByEmail(db, contact.email)) === undefined;
      const user =
        owner ??
        (await insertUser(
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
        ));
      const token = await issueLink(db, user.id, 'createPassword', now);
      await queueAccountMessage(ctx, {
        channel: 'EMAIL',
        to: contact.email,
        lang,
        kind: 'createAccountLink',
        vars: { name: `${contact.first_name} ${contact.last_name}`, link: appUrl(ctx, `/login/create-password/${user.guid}/${token}`) },
      });
      return { success: true };
    }

    await countMessageRequest(ctx, request, body.msisdn, now);
    const line = await findLiveLine(db, body.msisdn);
    if (!line) return { success: true };
    const lang = body.lang ?? (await findContact(db, line.customer_id))?.language ?? 'fr';
    if ((await findUserByMsisdn(db, body.msisdn))?.password_hash) {
      await queueAccountMessage(ctx, {
        channel: 'SMS',
        to: body.msisdn,
        lang,
        kind: 'accountExistsSms',
        vars: { number: formatBelgianPhone(body.msisdn), link: appUrl(ctx, '/login/recover-password') },
      });
      return { success: true };
    }
    const code = await issueCode(db, body.msisdn, 'createAccount', now);
    await queueAccountMessage(ctx, { channel: 'SMS', to: body.msisdn, lang, kind: 'createAccountCode', vars: { code } });
    return { success: true };
  });

  /**
   * Ends an account creation by phone: a plain user of that line, logging in with the phone number
   * (docs/product/auth.md "Login identifiers").
   */
  router.route(endpoints.createAccountBySms, async ({ body }) => {
    const now = clock.now();
    const codeId = await verifySmsCode(ctx, body.msisdn, 'createAccount', body.code, now);
    const line = await findLiveLine(db, body.msisdn);
    if (!line) throw noLine();
    const existing = await findUserByMsisdn(db, body.msisdn);
    if (existing?.password_hash) throw msisdnInUse();
    if (!(await useCode(db, codeId, now))) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    await clearAttempts(db, limitKeys.codeAttempt(body.msisdn, 'createAccount'));
    const language = (await findContact(db, line.customer_id))?.language ?? 'fr';
    const user =
      existing ??
      (await insertUser(
        db,
        {
          guid: newGuid(),
          customer_id: line.customer_id,
          role: 'user',
          email: null,
          msisdn: body.msisdn,
          language,
          first_name: null,
          last_name: null,
          birth_date: null,
        },
        now,
      ));
    await setPasswordHash(db, user.id, await hashPasswordAsync(body.pwd));
    return { success: true };
  });

  /**
   * E-mail confirmation (docs/product/auth.md "E-mail confirmation", subscription/{id}/confirm-email): {uuid} is the
   * customer's guid.
   */
  router.route(endpoints.confirmEmail, async ({ params, body }) => {
    const now = clock.now();
    const customerId = await findCustomerIdByGuid(db, params.uuid);
    const check = await checkLink(
      db,
      body.token,
      'confirmEmail',
      now,
      async (userId) => customerId !== undefined && (await findUserById(db, userId))?.customer_id === customerId,
    );
    if (customerId === undefined || !check.ok) throw !check.ok && check.reason === 'expired' ? linkExpired() : linkUnknown();
    const contact = await findContact(db, customerId);
    // The link confirms the address it was sent to; after another change it is out of date.
    if (!contact || contact.email.toLowerCase() !== check.link.target) throw linkExpired();
    if (!(await useLink(db, check.link.id, now))) throw linkExpired();
    await confirmContactEmail(db, customerId, now);
    return { success: true };
  });
};
