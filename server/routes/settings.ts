import { evaluateAlerts, type AlertDeps } from '../lib/alert-engine.ts';
import type { AppContext } from '../lib/app-context.ts';
import { createPushSender, vapidKeysFromFile, type VapidKeys } from '../lib/push.ts';
import type { Router } from '../lib/router.ts';
import { stmt, writeTransaction } from '../lib/sql.ts';
import { registerAlertRoutes } from './settings/alerts.ts';
import { applyDueChanges, registerLineRoutes } from './settings/line.ts';
import { registerPrivacyRoutes } from './settings/privacy.ts';
import { registerSettingsTestRoutes } from './settings/test-routes.ts';
import webpush from 'web-push';

/*
 * The settings area, one file per part under routes/settings/: the line's settings and their order lines, alerts
 * and push, privacy and page views. Its jobs run on the server's clock: changes applied when due, alerts evaluated.
 */

export type SettingsOptions = {
  /** VAPID key pair file (under DATA_DIR); absent or null: a pair for this process only (tests). */
  vapidKeysFile?: string | null;
  /** VAPID subject: a mailto: or https: contact of the operator. */
  vapidSubject?: string;
  /** Development: a little usage on every active line every 10 minutes of clock time, so alerts happen by themselves. */
  usageFeed?: boolean;
};

export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@localhost';

/** How often alerts are evaluated (clock time): a threshold crossed is announced within a minute. */
const ALERT_EVERY_MS = 60_000;
const FEED_EVERY_MS = 10 * 60_000;

/** The development usage feed: one in-bundle data session of 20 to 80 MB on every active line. */
const feedUsage = (ctx: AppContext, now: Date): void => {
  const lines = stmt<[], { id: number }>(ctx.db, "SELECT id FROM contracts WHERE status = 'ACTIVATED'").all();
  writeTransaction(ctx.db, () => {
    for (const line of lines) {
      const bytes = Math.round((20 + Math.random() * 60) * 1024 * 1024);
      stmt<[number, number, number]>(
        ctx.db,
        `INSERT INTO usage_records (contract_id, service_cat, messages, is_oob, resource_impact, service_used, service_unit, destination, event_time)
         VALUES (?, 'data', 1, 0, 0, ?, 'B', 'national', ?)`,
      ).run(line.id, bytes, now.getTime());
    }
  });
};

export const registerSettingsRoutes = (router: Router, ctx: AppContext, options: SettingsOptions = {}): void => {
  const keys: VapidKeys = options.vapidKeysFile ? vapidKeysFromFile(options.vapidKeysFile) : webpush.generateVAPIDKeys();
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
