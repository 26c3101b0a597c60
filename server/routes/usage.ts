import { cycleDates } from '#contract/bill-cycle';
import { endpoints } from '#contract/endpoints';
import { requireContract } from '../lib/access.ts';
import { ratingPlanAt } from '../lib/billing-charges.ts';
import { invalidParameters } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { consumptionCsv, consumptionPdf, type ExportSubject } from '../lib/consumption-export.ts';
import { findContact, findCustomer } from '../lib/customer-data.ts';
import { buildPagination, pageWindow } from '../lib/paging.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { localDate, localDayRange } from '../lib/service-calendar.ts';
import { billCycleOf, countUsage, periodOf, rangeOfDates, toUsageRecord, usageCycles, usagePage, usageSummary } from '../lib/usage-data.ts';
import { authOf } from '../plugins/auth.ts';

/** The only sort the history offers: by time (the index order). */
const SORT_FIELDS = ['event_time'] as const;

const checkDateOrder = (from: string | undefined, to: string | undefined): void => {
  // ISO dates compare correctly as strings.
  if (from !== undefined && to !== undefined && from > to) throw invalidParameters([{ field: 'to', message: 'validation:invalid' }]);
};

/**
 * The usage calls (docs/product/api.md "Authenticated calls"; docs/product/consumption.md "Balances"). A plain user
 * reads its own line (requireContract); any user may download its own consumption. Every answer is computed from
 * usage_records at request time: there is no cached total to drift.
 */
const registerUsageRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  router.route(endpoints.usageSummary, async ({ params, query, request }) => {
    const contract = await requireContract(db, authOf(request), params.customerId, params.contractId);
    if (query.cycle === undefined) return usageSummary(db, contract, await periodOf(db, contract, clock.now(), query.period));
    // An earlier closed cycle, named by its first day: rated as its invoice was (the plan of its last day).
    const period = cycleDates(await billCycleOf(db, contract), query.cycle);
    const current = await periodOf(db, contract, clock.now(), 'current');
    if (period.start !== query.cycle || period.end >= current.start)
      throw invalidParameters([{ field: 'cycle', message: 'validation:invalid' }]);
    return usageSummary(db, contract, period, await ratingPlanAt(db, contract.id, period.end));
  });

  router.route(endpoints.usageCycles, async ({ params, request }) => {
    const contract = await requireContract(db, authOf(request), params.customerId, params.contractId);
    return usageCycles(db, contract, clock.now());
  });

  router.route(endpoints.usageHistory, async ({ params, query, request }) => {
    const contract = await requireContract(db, authOf(request), params.customerId, params.contractId);
    const sort = query['megalist-sort'] ?? 'event_time';
    if (!(SORT_FIELDS as readonly string[]).includes(sort))
      throw invalidParameters([{ field: 'megalist-sort', message: 'validation:invalid' }]);
    checkDateOrder(query.from, query.to);

    const filter = { range: rangeOfDates(query.from, query.to), type: query.type };
    const window = pageWindow(query['megalist-page'], query['megalist-batchSize']);
    const total = await countUsage(db, contract.id, filter);
    // Past the last page there is nothing to read; skip the query instead of walking the index to the end.
    const rows =
      window.offset < total ? await usagePage(db, contract.id, filter, query['megalist-sortOrder'], window.perPage, window.offset) : [];
    const path = request.url.split('?')[0] ?? '';
    return {
      data: rows.map(toUsageRecord),
      pagination: buildPagination(window, total, rows.length, path, {
        'megalist-batchSize': window.perPage,
        'megalist-sort': sort,
        'megalist-sortOrder': query['megalist-sortOrder'],
        from: query.from,
        to: query.to,
        type: query.type,
      }),
    };
  });

  router.route(endpoints.usageDownload, async ({ params, query, request, reply }) => {
    const auth = authOf(request);
    const contract = await requireContract(db, auth, params.customerId, params.contractId);
    checkDateOrder(query.from, query.to);
    // Without dates: the current bill cycle up to today (docs/product/consumption.md "Periods": the current bill).
    const now = clock.now();
    const current = await periodOf(db, contract, now, 'current');
    const from = query.from ?? (query.to !== undefined && query.to < current.start ? query.to : current.start);
    const to = query.to ?? localDate(now.getTime());
    checkDateOrder(from, to);

    const customer = await findCustomer(db, contract.customer_id);
    const contact = await findContact(db, contract.customer_id);
    const person = contact ? `${contact.first_name} ${contact.last_name}` : '';
    const subject: ExportSubject = {
      contractId: contract.id,
      billCycle: await billCycleOf(db, contract),
      customerName: contact?.company_name ? `${contact.company_name} — ${person}` : person,
      customerNumber: customer?.mobile_id ?? '',
      msisdn: contract.msisdn ?? contract.contract_ref,
      from,
      to,
      range: localDayRange(from, to),
      language: auth.user.language,
      generatedAt: now,
    };
    const name = `consumption-${subject.msisdn}-${from}`;
    void reply.header('Cache-Control', 'private, no-store');
    if (query.type === 'PDF') {
      const pdf = await consumptionPdf(db, subject);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}.csv"`)
      .send(consumptionCsv(db, subject));
  });
};

export default routePlugin((app, { ctx }) => {
  registerUsageRoutes(createRouter(app, ctx), ctx);
});
