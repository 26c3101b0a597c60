import { ApiError, call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { pullCustomer } from '#data/customer-pull';

/*
 * The confirmation of a changed e-mail address: the server sends the link when it applies the change; the contact
 * screen offers to send it again. Online-only: the screen disables the action offline.
 */

export type ResendResult = { ok: true; email: string } | { ok: false; code: string; retryAfterMinutes: number | null };

/** Ask for the link again (throttled by the server: 3 in a row, then 30 minutes). */
export const resendEmailConfirmation = async (customerId: number): Promise<ResendResult> => {
  try {
    const answer = await call(endpoints.resendEmailConfirmation, { params: { customerId }, silent: true });
    return { ok: true, email: answer.email };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, code: 'serverError', retryAfterMinutes: null };
    // Confirmed meanwhile (in another tab or from the e-mail on this phone): the screen learns it from the pull.
    if (error.code === 'noUpdate') await pullCustomer(customerId, { force: true }).catch(() => undefined);
    return {
      ok: false,
      code: error.isNetwork ? 'network' : error.code,
      retryAfterMinutes: error.retryAfter === undefined ? null : Math.ceil(error.retryAfter / 60),
    };
  }
};
