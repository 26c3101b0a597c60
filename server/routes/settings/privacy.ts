import { allowsStatistics } from '#contract/consent';
import { endpoints } from '#contract/endpoints';
import { settingsAccess } from '#contract/line-settings';
import type { PrivacyState } from '#contract/settings';
import { type Db, writeTransaction } from '../../db/engine.ts';
import { requireCustomer } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { findCustomer, type CustomerRecord } from '../../lib/customer-data.ts';
import type { Router } from '../../lib/contract-route.ts';
import { localDate } from '../../lib/service-calendar.ts';
import { bool } from '../../lib/sql.ts';
import type { ResolvedSession } from '../../lib/sessions.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireEditor } from './access.ts';
import { answered } from '../../lib/idempotent-answer.ts';

/*
 * Privacy (docs/product/settings.md "Privacy": sales and marketing consents; may be forbidden to change,
 * 'Vous ne pouvez pas modifier ce paramètre.') and page views (docs/product/settings.md "Cookies and consent": counted
 * only with statistics consent, per day, route name and language, nothing about the user).
 */

type PrivacyRow = Pick<CustomerRecord, 'optin_sales' | 'optin_marketing' | 'privacy_locked'>;

const findPrivacy = async (db: Db, customerId: number): Promise<PrivacyRow> => {
  const row = await db
    .selectFrom('customers')
    .select(['optin_sales', 'optin_marketing', 'privacy_locked'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'customerNotFound', 'Customer not found');
  return row;
};

const toPrivacy = (row: PrivacyRow, auth: ResolvedSession): PrivacyState => ({
  sales: bool(row.optin_sales),
  marketing: bool(row.optin_marketing),
  editable: !bool(row.privacy_locked) && settingsAccess(auth.user.role, 'privacy') === 'edit',
});

export const MAX_PAGE_VIEW_ROWS_PER_DAY = 300;

export const registerPrivacyRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  // The consents are the account holder's own data: a plain user neither reads nor changes them (docs/product/roles.md
  // "Plain user").
  router.route(endpoints.privacy, async ({ params, request }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    return toPrivacy(await findPrivacy(db, params.customerId), auth);
  });

  router.route(endpoints.patchPrivacy, async ({ params, body, request }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    requireEditor(auth, 'privacy');
    return writeTransaction(db, async (tx) => {
      const current = await findPrivacy(tx, params.customerId);
      if (bool(current.privacy_locked)) throw new ApiError(403, 'privacyForbidden', 'This setting cannot be changed');
      if (bool(current.optin_sales) === body.sales && bool(current.optin_marketing) === body.marketing) {
        throw new ApiError(422, 'noUpdate', 'No update made');
      }
      await tx
        .updateTable('customers')
        .set({ optin_sales: body.sales ? 1 : 0, optin_marketing: body.marketing ? 1 : 0, last_update: clock.now().toISOString() })
        .where('id', '=', params.customerId)
        .execute();
      const customer = await findCustomer(tx, params.customerId);
      if (!customer) throw new Error('customer vanished during its privacy update');
      return answered(tx, toPrivacy({ ...customer, privacy_locked: current.privacy_locked }, auth));
    });
  });

  // The consent cookie travels with the request (first party): without statistics consent nothing is counted, even if
  // a page sent the event anyway.
  // A bound on what anonymous callers add (docs/product/security.md "Rate limits and lockouts"): a route name is any
  // short word, so a day counts at most MAX_PAGE_VIEW_ROWS_PER_DAY (route, language) pairs; the app has a few dozen
  // routes. The check and the count are one write transaction: instances counting at once all count, and none passes
  // the bound.
  router.route(endpoints.pageView, async ({ body, request }) => {
    if (!allowsStatistics(request.headers.cookie)) return { counted: false };
    const day = localDate(clock.now().getTime());
    return writeTransaction(db, async (tx) => {
      const known = await tx
        .selectFrom('page_views')
        .select('count')
        .where('day', '=', day)
        .where('route', '=', body.route)
        .where('lang', '=', body.lang)
        .executeTakeFirst();
      const rows = await tx
        .selectFrom('page_views')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('day', '=', day)
        .executeTakeFirst();
      if (!known && Number(rows?.n ?? 0) >= MAX_PAGE_VIEW_ROWS_PER_DAY) return { counted: false };
      await tx
        .insertInto('page_views')
        .values({ day, route: body.route, lang: body.lang, count: 1 })
        .onConflict((oc) => oc.columns(['day', 'route', 'lang']).doUpdateSet((eb) => ({ count: eb('page_views.count', '+', 1) })))
        .execute();
      return { counted: true };
    });
  });
};
