import { allowsStatistics } from '#contract/consent';
import { endpoints } from '#contract/endpoints';
import { settingsAccess } from '#contract/line-settings';
import type { PrivacyState } from '#contract/settings';
import { requireCustomer } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { findCustomer, type CustomerRow } from '../../lib/customer-data.ts';
import type { Router } from '../../lib/router.ts';
import { localDate } from '../../lib/service-calendar.ts';
import { bool, stmt, writeTransaction } from '../../lib/sql.ts';
import type { ResolvedSession } from '../../lib/sessions.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireEditor } from './access.ts';

/*
 * Privacy (SPEC §1 "privacy", §3 "Privacy settings": sales and marketing consents; §6: may be forbidden to change,
 * 'Vous ne pouvez pas modifier ce paramètre.') and page views (SPEC §2: counted only with statistics consent, per
 * day, route name and language, nothing about the user).
 */

type PrivacyRow = Pick<CustomerRow, 'optin_sales' | 'optin_marketing'> & { privacy_locked: number };

const findPrivacy = (ctx: AppContext, customerId: number): PrivacyRow => {
  const row = stmt<[number], PrivacyRow>(ctx.db, 'SELECT optin_sales, optin_marketing, privacy_locked FROM customers WHERE id = ?').get(
    customerId,
  );
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

  // The consents are the account holder's own data: a plain user neither reads nor changes them (SPEC §6).
  router.route(endpoints.privacy, ({ params, request }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    return toPrivacy(findPrivacy(ctx, params.customerId), auth);
  });

  router.route(endpoints.patchPrivacy, ({ params, body, request }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId, { plainUser: 'deny' });
    requireEditor(auth, 'privacy');
    return writeTransaction(db, () => {
      const current = findPrivacy(ctx, params.customerId);
      if (bool(current.privacy_locked)) throw new ApiError(403, 'privacyForbidden', 'This setting cannot be changed');
      if (bool(current.optin_sales) === body.sales && bool(current.optin_marketing) === body.marketing) {
        throw new ApiError(422, 'noUpdate', 'No update made');
      }
      stmt<[number, number, string, number]>(
        db,
        'UPDATE customers SET optin_sales = ?, optin_marketing = ?, last_update = ? WHERE id = ?',
      ).run(body.sales ? 1 : 0, body.marketing ? 1 : 0, clock.now().toISOString(), params.customerId);
      const customer = findCustomer(db, params.customerId);
      if (!customer) throw new Error('customer vanished during its privacy update');
      return toPrivacy({ ...customer, privacy_locked: current.privacy_locked }, auth);
    });
  });

  // The consent cookie travels with the request (first party): without statistics consent nothing is counted, even if
  // a page sent the event anyway.
  // A bound on what anonymous callers add (docs/product/security.md "Tables"): a route name is any short word, so a
  // day counts at most MAX_PAGE_VIEW_ROWS_PER_DAY (route, language) pairs; the app has a few dozen routes.
  router.route(endpoints.pageView, ({ body, request }) => {
    if (!allowsStatistics(request.headers.cookie)) return { counted: false };
    const day = localDate(clock.now().getTime());
    return writeTransaction(db, () => {
      const known = stmt<[string, string, string], { count: number }>(
        db,
        'SELECT count FROM page_views WHERE day = ? AND route = ? AND lang = ?',
      ).get(day, body.route, body.lang);
      const rows = stmt<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM page_views WHERE day = ?').get(day)?.n ?? 0;
      if (!known && rows >= MAX_PAGE_VIEW_ROWS_PER_DAY) return { counted: false };
      stmt<[string, string, string]>(
        db,
        `INSERT INTO page_views (day, route, lang, count) VALUES (?, ?, ?, 1)
         ON CONFLICT (day, route, lang) DO UPDATE SET count = count + 1`,
      ).run(day, body.route, body.lang);
      return { counted: true };
    });
  });
};
