import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { PaymentProvider } from './payment-provider.ts';

/*
 * Every file of server/routes/ is one area's routes as a Fastify plugin (its default export), loaded by
 * @fastify/autoload from app.ts: adding an area adds a file there and edits nothing else. Each plugin is encapsulated:
 * what it hooks or decorates stays with its own routes; what every route needs (error handler, authentication,
 * validation, rate limits, the OpenAPI collection) is set up on the root instance before the folder is loaded.
 */

/** The settings area's start-up options (routes/settings.ts). */
export type SettingsOptions = {
  /**
   * The VAPID key pair file of a server of before (DATA_DIR/vapid-keys.json), taken over into the database on the first
   * start; absent or null: a new pair is made then.
   */
  vapidKeysImportFile?: string | null;
  /** VAPID subject: a mailto: or https: contact of the operator. */
  vapidSubject?: string;
};

/** The online payments' set-up (routes/payments.ts), chosen by server/app.ts. */
export type PaymentsOptions = {
  /**
   * Who takes the payments: Mollie (MOLLIE_API_KEY), the demo's stand-in provider (server/stand-ins/psp.ts), or a
   * test's own; null: online payment is off (production without a provider).
   */
  provider: PaymentProvider | null;
};

/** What buildApp hands every route plugin: the same object for all; an area reads the parts it needs. */
export type RoutesOptions = {
  ctx: AppContext;
  settings: SettingsOptions;
  payments: PaymentsOptions;
};

/**
 * A route file's default export. Registration is synchronous in most areas; the plugin Fastify loads is async either
 * way (avvio waits for the promise), so a file does not need a `done` callback.
 */
export const routePlugin =
  (register: (app: FastifyInstance, options: RoutesOptions) => void | Promise<void>): FastifyPluginAsync<RoutesOptions> =>
  async (app, options) => {
    await register(app, options);
  };
