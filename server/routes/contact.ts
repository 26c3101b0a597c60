import { endpoints } from '#contract/endpoints';
import { writeTransaction } from '../db/engine.ts';
import { ApiError } from '../lib/api-error.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppContext } from '../lib/app-context.ts';
import { sendEmailConfirmation } from '../lib/auth-messages.ts';
import { baseVersionOf, nextVersion, requireCurrentVersion } from '../lib/conditional.ts';
import { findContact, toContact, updateContact, type EditableContact } from '../lib/customer-data.ts';
import { assertNoneLocked, codeRequestAddressPolicy, codeRequestPolicy, limitKeys, recordFailures } from '../lib/rate-limit.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { authOf } from '../plugins/auth.ts';
import { answered } from '../lib/idempotent-answer.ts';

/*
 * PATCH /customer/{id}/contact (docs/product/settings.md "Contact details"): the account holder edits its contact
 * details. Conditional on the version the edit was based on (412 when stale), 422 `noUpdate` when nothing would change
 * (docs/product/errors.md "Profile changes"). Queued by the app when offline; the Idempotency-Key plugin makes a replay
 * apply once (and so sends one confirmation e-mail). A changed e-mail address is unconfirmed until the customer opens
 * the link e-mailed to it (/account/confirm-email/{uuid}/{token}); POST …/contact/confirm-email sends the link again,
 * throttled per address like every e-mailed link (docs/product/security.md "Rate limits and lockouts": 3 in a row, then
 * 30 minutes).
 */

const civilityCodes = { mr: 'MR', mrs: 'MRS', mx: 'MX' } as const;

const registerContactRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  router.route(endpoints.patchContact, async ({ params, body, request }) => {
    const auth = authOf(request);
    // The contact is the account holder's: a plain user (an employee) may not change it (docs/product/roles.md "Plain
    // user").
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    const { contact, emailChanged } = await writeTransaction(db, async (tx) => {
      const current = await findContact(tx, params.customerId);
      if (!current) throw new ApiError(404, 'customerNotFound', 'Customer not found');
      requireCurrentVersion(baseVersionOf(request, body.lastUpdate), current.last_update);

      const next: EditableContact = {
        civility: body.civility === undefined ? current.civility : body.civility === null ? null : civilityCodes[body.civility],
        first_name: body.firstName ?? current.first_name,
        last_name: body.lastName ?? current.last_name,
        phone: body.phone === undefined ? current.phone : body.phone === '' ? null : body.phone,
        mobile: body.mobile === undefined ? current.mobile : body.mobile === '' ? null : body.mobile,
        email: body.email ?? current.email,
        language: body.language ?? current.language,
      };
      const changed = (Object.keys(next) as (keyof EditableContact)[]).some((k) => next[k] !== current[k]);
      if (!changed) throw new ApiError(422, 'noUpdate', 'No update made');

      await updateContact(tx, current.id, next, nextVersion(current.last_update, clock.now()));
      const updated = await findContact(tx, params.customerId);
      if (!updated) throw new Error('contact vanished during its update');
      return { contact: await answered(tx, toContact(updated)), emailChanged: next.email.toLowerCase() !== current.email.toLowerCase() };
    });
    if (emailChanged) {
      // The change is saved either way: a link that could not be sent is sent again from the contact screen.
      await sendEmailConfirmation(ctx, params.customerId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the e-mail confirmation link could not be sent');
      });
    }
    return contact;
  });

  router.route(endpoints.resendEmailConfirmation, async ({ params, request }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    const now = clock.now();
    const contact = await findContact(db, params.customerId);
    if (!contact) throw new ApiError(404, 'customerNotFound', 'Customer not found');
    if (contact.is_email_confirmed === 1) throw new ApiError(422, 'noUpdate', 'The e-mail address is already confirmed');
    const limits = [
      [limitKeys.codeRequest(contact.email), codeRequestPolicy],
      [limitKeys.codeRequestAddress(request.ip), codeRequestAddressPolicy],
    ] as const;
    await writeTransaction(db, async (tx) => {
      await assertNoneLocked(tx, now, limits);
      await recordFailures(tx, now, limits);
    });
    await sendEmailConfirmation(ctx, params.customerId);
    return { success: true as const, email: contact.email };
  });
};

export default routePlugin((app, { ctx }) => {
  registerContactRoutes(createRouter(app, ctx), ctx);
});
