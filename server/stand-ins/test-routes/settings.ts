import { z } from 'zod';
import type { Endpoint } from '#contract/endpoints';
import { notificationChannels, notificationTypes } from '#contract/settings';
import { destinations, serviceCategories } from '#contract/usage';
import { evaluateAlerts, type AlertDeps } from '../../lib/alert-engine.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { notFound } from '../../lib/api-error.ts';
import type { Router } from '../../lib/contract-route.ts';
import { writeTransaction } from '../../db/engine.ts';

/*
 * Test mode only (404 in production): usage arriving now on a line, so that a test drives the alert engine end to
 * end (records → thresholds → e-mail, SMS, push); and the page-view counts the server kept.
 */
export const settingsTestEndpoints = {
  usage: {
    method: 'POST',
    base: 'api',
    path: '/usage',
    body: z.object({
      contractId: z.number().int().positive(),
      records: z
        .array(
          z.object({
            type: z.enum(serviceCategories),
            /** Bytes, seconds or messages. */
            used: z.number().int().min(0),
            /** The network's out-of-zone flag (`is_oob`): on roaming, outside the EU (contract/rating.ts). */
            oob: z.boolean().default(false),
            /** A premium service's price; the rating bills everything else from the cycle's totals. */
            costCents: z.number().int().min(0).default(0),
            destination: z.enum(destinations).default('national'),
            incoming: z.boolean().default(false),
          }),
        )
        .min(1)
        .max(100),
    }),
    response: z.object({
      deliveries: z.array(
        z.object({
          eventKey: z.string(),
          type: z.enum(notificationTypes),
          channel: z.enum(notificationChannels),
          status: z.enum(['sent', 'failed', 'noRecipient']),
        }),
      ),
    }),
  },
  pageViews: {
    method: 'GET',
    base: 'api',
    path: '/page-views',
    response: z.object({ views: z.array(z.object({ day: z.string(), route: z.string(), lang: z.string(), count: z.number().int() })) }),
  },
} as const satisfies Record<string, Endpoint>;

const UNITS = { data: 'B', call: 's', sms: 'sms' } as const;

export const registerSettingsTestRoutes = (router: Router, ctx: AppContext, deps: AlertDeps): void => {
  const { db, clock } = ctx;

  // The records are stamped with the clock's now, then the line's alerts are evaluated before the answer.
  router.testRoute(settingsTestEndpoints.usage, async ({ body }) => {
    const now = clock.now();
    await writeTransaction(db, async (tx) => {
      if (!(await tx.selectFrom('contracts').select('id').where('id', '=', body.contractId).executeTakeFirst()))
        throw notFound('Contract not found');
      await tx
        .insertInto('usage_records')
        .values(
          body.records.map((record, i) => ({
            contract_id: body.contractId,
            service_cat: record.type,
            messages: 1,
            is_oob: record.oob ? 1 : 0,
            resource_impact: record.costCents,
            service_used: record.used,
            service_unit: UNITS[record.type],
            incoming: record.incoming ? 1 : 0,
            destination: record.destination,
            event_time: now.getTime() - i,
          })),
        )
        .execute();
    });
    return { deliveries: await evaluateAlerts(deps, now, [body.contractId]) };
  });

  router.testRoute(settingsTestEndpoints.pageViews, async () => ({
    views: await db
      .selectFrom('page_views')
      .select(['day', 'route', 'lang', 'count'])
      .orderBy('day')
      .orderBy('route')
      .orderBy('lang')
      .execute(),
  }));
};
