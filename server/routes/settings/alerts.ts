import { endpoints } from '#contract/endpoints';
import { isPlainUser } from '#contract/roles';
import { writeTransaction } from '../../db/engine.ts';
import type { AlertDeps } from '../../lib/alert-engine.ts';
import { renderAlert } from '../../lib/alert-messages.ts';
import {
  deletePushSubscription,
  deleteUserPushSubscription,
  findNotificationSetting,
  findPushSubscription,
  logNotification,
  notificationSettingsOf,
  savePushSubscription,
  sentNotifications,
  setNotificationActive,
  testPushesSince,
  updateLogStatus,
} from '../../lib/alert-data.ts';
import { visibleContracts } from '../../lib/access.ts';
import { ApiError, invalidParameters } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { isAllowedPushEndpoint } from '../../lib/push.ts';
import type { Router } from '../../lib/contract-route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireEditor } from './access.ts';
import { answered } from '../../lib/idempotent-answer.ts';

/*
 * Alerts (docs/product/settings.md "Notifications", "Push notifications", "Latest notifications"):
 * the grid of alert choices per line, the messages sent, and the devices that receive Web Push.
 */

/** "Send me a test push" a day per account. */
export const MAX_TEST_PUSHES_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export const registerAlertRoutes = (router: Router, ctx: AppContext, deps: AlertDeps): void => {
  const { db, clock } = ctx;

  router.route(endpoints.notifications, async ({ params, request }) => {
    const lines = await visibleContracts(db, authOf(request), params.customerId);
    return {
      settings: await notificationSettingsOf(
        db,
        params.customerId,
        lines.map((line) => line.id),
      ),
    };
  });

  router.route(endpoints.patchNotifications, async ({ params, body, request }) => {
    const auth = authOf(request);
    const lines = (await visibleContracts(db, auth, params.customerId)).map((line) => line.id);
    requireEditor(auth, 'alerts');
    return writeTransaction(db, async (tx) => {
      const changed: typeof body.settings = [];
      for (const [index, change] of body.settings.entries()) {
        const setting = await findNotificationSetting(tx, change.id);
        // Another customer's setting is indistinguishable from none (no probing of ids).
        if (!setting || setting.customer_id !== params.customerId || !lines.includes(setting.contract_id)) {
          throw invalidParameters([{ field: `settings.${index}.id`, message: 'validation:invalid' }]);
        }
        if (setting.active !== (change.active ? 1 : 0)) changed.push(change);
      }
      if (changed.length === 0) throw new ApiError(422, 'noUpdate', 'No update made');
      for (const change of changed) await setNotificationActive(tx, change.id, change.active);
      return answered(tx, { settings: await notificationSettingsOf(tx, params.customerId, lines) });
    });
  });

  router.route(endpoints.sentNotifications, async ({ params, request }) => {
    const auth = authOf(request);
    const lines = (await visibleContracts(db, auth, params.customerId)).map((line) => line.id);
    return { notifications: await sentNotifications(db, params.customerId, lines, !isPlainUser(auth.user), auth.user.id) };
  });

  router.route(endpoints.pushKey, () => ({ publicKey: deps.push.publicKey }));

  // Any user may receive pushes on its own device, a plain user included (about its own line).
  router.route(endpoints.pushSubscribe, async ({ body, request }) => {
    const { user } = authOf(request);
    if (!isAllowedPushEndpoint(body.endpoint, ctx.testMode)) {
      throw new ApiError(400, 'pushEndpointRefused', 'Not a push service endpoint', {
        fields: [{ field: 'endpoint', message: 'validation:invalid' }],
      });
    }
    const saved = await savePushSubscription(
      db,
      {
        userId: user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        deviceId: body.deviceId ?? null,
      },
      clock.now(),
    );
    if (!saved) {
      throw new ApiError(409, 'pushEndpointTaken', 'Another account holds this push subscription: subscribe again for a new one', {
        fields: [{ field: 'endpoint', message: 'validation:invalid' }],
      });
    }
    return { success: true };
  });

  router.route(endpoints.pushUnsubscribe, async ({ body, request }) => {
    const { user } = authOf(request);
    return { success: await deleteUserPushSubscription(db, user.id, body.endpoint) };
  });

  // "Send me a test push" (docs/product/settings.md "Push notifications"): to this device's subscription only, logged
  // like any other message.
  router.route(endpoints.pushTest, async ({ body, request }) => {
    const { user } = authOf(request);
    const subscription = await findPushSubscription(db, user.id, body.endpoint);
    if (!subscription || user.customer_id === null)
      throw new ApiError(404, 'pushNotSubscribed', 'This device is not subscribed to push notifications');
    const now = clock.now();
    // Each test push is logged: a bound on what one account adds (docs/product/security.md "Rate limits and lockouts").
    if ((await testPushesSince(db, user.id, new Date(now.getTime() - DAY_MS))) >= MAX_TEST_PUSHES_PER_DAY) {
      throw new ApiError(429, 'tooManyRequests', 'Too many test notifications today', { retryAfter: 60 * 60 });
    }
    const rendered = renderAlert({ kind: 'test' }, subscription.language, null, 'PUSH', deps.publicUrl);
    const eventKey = `TEST:${now.getTime()}:${subscription.id}`;
    const logId = await logNotification(db, {
      customerId: user.customer_id,
      contractId: null,
      userId: user.id,
      eventKey,
      type: 'OTHER',
      channel: 'PUSH',
      recipient: null,
      title: rendered.title,
      status: 'sent',
      error: null,
      now,
    });
    const outcome = await deps.push.send(subscription, {
      title: rendered.title,
      body: rendered.text,
      lang: subscription.language,
      url: rendered.url,
      tag: 'test',
      type: 'OTHER',
    });
    if (outcome.ok) return { delivered: true };
    if (logId !== null) await updateLogStatus(db, logId, 'failed', outcome.error);
    if (outcome.gone) {
      await deletePushSubscription(db, subscription.id);
      throw new ApiError(410, 'pushNotSubscribed', 'The push service no longer knows this device: subscribe again');
    }
    throw new ApiError(502, 'pushFailed', 'The push service did not accept the message');
  });
};
