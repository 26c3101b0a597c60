import { z } from 'zod';
import type { Endpoint } from '#contract/endpoints';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { appUrl, displayName, sendAccountMessage, sendEmailConfirmation } from '../../lib/auth-messages.ts';
import { markContactEmailUnconfirmed } from '../../lib/customer-data.ts';
import { issueLink } from '../../lib/one-time-codes.ts';
import { clearAllAttempts } from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/contract-route.ts';
import { findLoginUser, type UserRow } from '../../lib/users.ts';

const linkAnswer = z.object({ uuid: z.string(), token: z.string(), path: z.string() });

/** Test-only switches of this area (registered only with TEST_MODE=1, under /api/test). */
export const authTestEndpoints = {
  /** A login link for an account, as a notification e-mail would carry it (also put in the outbox). */
  loginLink: {
    method: 'POST',
    base: 'api',
    path: '/login-link',
    body: z.object({
      login: z.string().min(1),
      contractId: z.number().int().positive().optional(),
      redirect: z.string().startsWith('/').optional(),
    }),
    response: linkAnswer,
  },
  /** Sends the e-mail confirmation link of the account's customer (and marks the address unconfirmed, as after a change). */
  confirmEmailLink: {
    method: 'POST',
    base: 'api',
    path: '/confirm-email-link',
    body: z.object({ login: z.string().min(1) }),
    response: linkAnswer,
  },
  /** Forgets every rate-limit counter (browser tests share one address and one server). */
  resetRateLimits: {
    method: 'POST',
    base: 'api',
    path: '/rate-limits/reset',
    response: z.object({ success: z.boolean() }),
  },
} as const satisfies Record<string, Endpoint>;

export const registerAuthTestRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  const userOf = async (login: string): Promise<UserRow> => {
    const user = await findLoginUser(db, login);
    if (!user) throw new ApiError(404, 'notFound', 'No such account');
    return user;
  };

  router.testRoute(authTestEndpoints.loginLink, async ({ body }) => {
    const user = await userOf(body.login);
    const token = await issueLink(db, user.id, 'login', clock.now());
    const query = new URLSearchParams();
    if (body.contractId !== undefined) query.set('contractId', String(body.contractId));
    if (body.redirect !== undefined) query.set('redirect', body.redirect);
    const path = `/login/${user.guid}/${token}${query.size > 0 ? `?${query.toString()}` : ''}`;
    if (user.email) {
      await sendAccountMessage(ctx, {
        channel: 'EMAIL',
        to: user.email,
        lang: user.language,
        kind: 'loginLink',
        vars: { name: displayName(user), link: appUrl(ctx, path) },
      });
    }
    return { uuid: user.guid, token, path };
  });

  router.testRoute(authTestEndpoints.confirmEmailLink, async ({ body }) => {
    const user = await userOf(body.login);
    if (user.customer_id === null) throw new ApiError(404, 'customerNotFound', 'No customer');
    await markContactEmailUnconfirmed(db, user.customer_id);
    return sendEmailConfirmation(ctx, user.customer_id, user.language);
  });

  router.testRoute(authTestEndpoints.resetRateLimits, async () => {
    await clearAllAttempts(db);
    return { success: true };
  });
};
