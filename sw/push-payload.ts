/*
 * What a push message carries (contract/settings.ts `pushPayloadSchema`, written by the server already in the
 * customer's language) and where a click on its notification leads. Pure and zod-free: the service worker bundles it,
 * and the tests run it as a table.
 */

import { operator } from '#lib/operator';

export type ShownNotification = {
  title: string;
  options: { body: string; lang: string; tag: string; data: { url: string }; icon: string; badge: string };
};

const ICON = '/icon-192.png';

/** A push whose payload cannot be read still shows something (browsers require a visible notification). */
const FALLBACK: ShownNotification = {
  title: operator.productName,
  options: { body: '', lang: 'fr', tag: 'message', data: { url: '/' }, icon: ICON, badge: ICON },
};

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/** Only a path of this app (never another origin, never `//host`): a notification is not a way out of the app. */
export const notificationTarget = (url: unknown): string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/';

/** The notification a push payload asks for: its title and text in the customer's language, its screen. */
export const notificationOf = (payload: string | null | undefined): ShownNotification => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload ?? '');
  } catch {
    return FALLBACK;
  }
  if (parsed === null || typeof parsed !== 'object') return FALLBACK;
  const value = parsed as Record<string, unknown>;
  const lang = text(value.lang, 'fr');
  return {
    title: text(value.title, FALLBACK.title),
    options: {
      body: text(value.body, ''),
      lang: ['fr', 'nl', 'en'].includes(lang) ? lang : 'fr',
      tag: text(value.tag, 'message'),
      data: { url: notificationTarget(value.url) },
      icon: ICON,
      badge: ICON,
    },
  };
};
