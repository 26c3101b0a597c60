import { evaluateAlerts, type AlertDeps } from '../lib/alert-engine.ts';
import type { AppContext } from '../lib/app-context.ts';
import { createPushSender, vapidKeysOf } from '../lib/push.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin, type SettingsOptions } from '../lib/route-plugin.ts';
import { registerAlertRoutes } from './settings/alerts.ts';
import { applyDueChanges, registerLineRoutes } from './settings/line.ts';
import { registerPrivacyRoutes } from './settings/privacy.ts';
import { registerSettingsTestRoutes } from './settings/test-routes.ts';

/*
 * The settings area, one file per part under routes/settings/: the line's settings and their order lines, alerts
 * and push, privacy and page views. Its jobs run on the server's clock: changes applied when due, alerts evaluated.
 */

export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@localhost';

/** How often alerts are evaluated (clock time): a threshold crossed is announced within a minute. */
const ALERT_EVERY_MS = 60_000;
const FEED_EVERY_MS = 10 * 60_000;

/** The development usage feed: one in-bundle data session of 20 to 80 MB on every active line. */
const feedUsage = async (ctx: AppContext, now: Date): Promise<void> => {
  const lines = await ctx.db.selectFrom('contracts').select('id').where('status', '=', 'ACTIVATED').execute();
  if (lines.length === 0) return;
  await ctx.db
    .insertInto('usage_records')
    .values(
      lines.map((line) => ({
        contract_id: line.id,
        service_cat: 'data' as const,
        messages: 1,
        is_oob: 0,
        resource_impact: 0,
        service_used: Math.round((20 + Math.random() * 60) * 1024 * 1024),
        service_unit: 'B' as const,
        destination: 'national' as const,
        event_time: now.getTime(),
      })),
    )
    .execute();
};

const registerSettingsRoutes = async (router: Router, ctx: AppContext, options: SettingsOptions): Promise<void> => {
  const keys = await vapidKeysOf(ctx.db, options.vapidKeysImportFile ?? null);
  const deps: AlertDeps = {
    db: ctx.db,
    mailer: ctx.mailer,
    push: createPushSender({ keys, subject: options.vapidSubject ?? DEFAULT_VAPID_SUBJECT, allowLoopback: ctx.testMode }),
    publicUrl: ctx.mail.publicUrl,
  };

  registerLineRoutes(router, ctx);
  registerPrivacyRoutes(router, ctx);
  registerAlertRoutes(router, ctx, deps);
  if (ctx.testMode) registerSettingsTestRoutes(router, ctx, deps);

  ctx.scheduler.register({ name: 'settings.apply-due-changes', run: (now) => applyDueChanges(ctx, deps, now) });
  ctx.scheduler.register({
    name: 'alerts.evaluate',
    everyMs: ALERT_EVERY_MS,
    run: async (now) => {
      await evaluateAlerts(deps, now);
    },
  });
  if (options.usageFeed) ctx.scheduler.register({ name: 'usage.dev-feed', everyMs: FEED_EVERY_MS, run: (now) => feedUsage(ctx, now) });
};

export default routePlugin((app, { ctx, settings }) => registerSettingsRoutes(createRouter(app, ctx), ctx, settings));
