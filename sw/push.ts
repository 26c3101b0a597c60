import type { ToWorker } from './messages.ts';
import { notificationOf, notificationTarget } from './push-payload.ts';

/*
 * Web Push in the service worker (docs/product/settings.md "Push notifications"): a push shows its notification
 * (title and text in the customer's language, as the server wrote them), a click opens the screen it names, in an
 * open window of the app when there is one. Logout (CLEAR) ends this device's subscription: the next person on it
 * gets no alert of the previous user (the server forgets it too, sw and server each on their own side).
 */

declare const self: ServiceWorkerGlobalScope;

/** In the app's window when one is open (a page this worker controls can be navigated), else in a new one. */
const openScreen = async (path: string): Promise<void> => {
  const url = new URL(path, self.location.origin).href;
  const [open] = await self.clients.matchAll({ type: 'window' });
  if (open) {
    try {
      await (await open.focus()).navigate(url);
      return;
    } catch {
      // A window that cannot be navigated (another document by now): open the screen in a new one.
    }
  }
  await self.clients.openWindow(url);
};

export const registerPush = (): void => {
  self.addEventListener('push', (event: PushEvent) => {
    const { title, options } = notificationOf(event.data?.text());
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openScreen(notificationTarget(data?.url)));
  });

  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as ToWorker | undefined;
    if (data?.type !== 'CLEAR') return;
    event.waitUntil(
      self.registration.pushManager
        .getSubscription()
        .then((subscription) => subscription?.unsubscribe())
        .catch(() => undefined),
    );
  });
};
