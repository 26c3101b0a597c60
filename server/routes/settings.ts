import { evaluateAlerts, type AlertDeps } from '../lib/alert-engine.ts';
import type { AppContext } from '../lib/app-context.ts';
import { createPushSender, DEFAULT_VAPID_SUBJECT, vapidKeysOf } from '../lib/push.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin, type SettingsOptions } from '../lib/route-plugin.ts';
import { registerAlertRoutes } from './settings/alerts.ts';
import { applyDueChanges, registerLineRoutes } from './settings/line.ts';
import { registerPrivacyRoutes } from './settings/privacy.ts';

/*
 * The settings area, one file per part under routes/settings/: the line's settings and their order lines, alerts
 * and push, privacy and page views. Its jobs run on the server's clock: changes applied when due, alerts evaluated.
 */

/** How often alerts are evaluated (clock time): a threshold crossed is announced within a minute. */
const ALERT_EVERY_MS = 60_000;

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

  ctx.scheduler.register({ name: 'settings.apply-due-changes', run: (now) => applyDueChanges(ctx, deps, now) });
  ctx.scheduler.register({
    name: 'alerts.evaluate',
    everyMs: ALERT_EVERY_MS,
    run: async (now) => {
      await evaluateAlerts(deps, now);
    },
  });
};

export default routePlugin((app, { ctx, settings }) => registerSettingsRoutes(createRouter(app, ctx), ctx, settings));
