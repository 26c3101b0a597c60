import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
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

/** What buildApp hands every route plugin and every plugin of plugins/: the same object for all; each reads its parts. */
export type RoutesOptions = {
  ctx: AppContext;
  settings: SettingsOptions;
  payments: PaymentsOptions;
  /** Writes a minute per address from callers without a session (plugins/anonymous-writes.ts). */
  anonymousWritesPerMinute?: number;
  /** The built app to serve (plugins/static-app.ts); null: the API only. */
  staticDir?: string | null;
  /** Paths that are never a screen of the app (the stand-ins'): 404 when nothing answers them. */
  notAppPaths?: readonly string[];
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

/**
 * A file of server/plugins/: what every route needs (parsers, error handling, security, validation), loaded by
 * @fastify/autoload before the routes. Not encapsulated (fastify-plugin): its hooks and parsers apply to the whole app.
 * Order is declared, not implied by file names: a plugin names the plugins whose hooks must run before its own, and
 * autoload registers those first.
 */
export const appPlugin = (
  name: string,
  dependencies: string[],
  register: (app: FastifyInstance, options: RoutesOptions) => void | Promise<void>,
) =>
  fastifyPlugin<RoutesOptions>(
    async (app: FastifyInstance, options: RoutesOptions): Promise<void> => {
      await register(app, options);
    },
    { name, dependencies, fastify: '5.x' },
  );
