import { z } from 'zod';
import type { Endpoint } from '#contract/endpoints';
import { notificationChannels, notificationTypes } from '#contract/settings';
import { destinations, serviceCategories } from '#contract/usage';
import { evaluateAlerts, type AlertDeps } from '../../lib/alert-engine.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { notFound } from '../../lib/api-error.ts';
import type { Router } from '../../lib/router.ts';
import { stmt, writeTransaction } from '../../lib/sql.ts';

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
    writeTransaction(db, () => {
      if (!stmt<[number], { id: number }>(db, 'SELECT id FROM contracts WHERE id = ?').get(body.contractId))
        throw notFound('Contract not found');
      const insert = stmt<[number, string, number, number, number, string, number, string, number]>(
        db,
        `INSERT INTO usage_records (contract_id, service_cat, messages, is_oob, resource_impact, service_used, service_unit, incoming,
           destination, event_time)
         VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
      );
      body.records.forEach((record, i) =>
        insert.run(
          body.contractId,
          record.type,
          record.oob ? 1 : 0,
          record.costCents,
          record.used,
          UNITS[record.type],
          record.incoming ? 1 : 0,
          record.destination,
          now.getTime() - i,
        ),
      );
    });
    return { deliveries: await evaluateAlerts(deps, now, [body.contractId]) };
  });

  router.testRoute(settingsTestEndpoints.pageViews, () => ({
    views: stmt<[], { day: string; route: string; lang: string; count: number }>(
      db,
      'SELECT day, route, lang, count FROM page_views ORDER BY day, route, lang',
    ).all(),
  }));
};
