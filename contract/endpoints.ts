import { activationEndpoints } from './endpoints/activation.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { customerEndpoints } from './endpoints/customer.ts';
import { energyEndpoints } from './endpoints/energy.ts';
import { invoicesEndpoints } from './endpoints/invoices.ts';
import { offersEndpoints } from './endpoints/offers.ts';
import { ordersEndpoints } from './endpoints/orders.ts';
import { paymentsEndpoints } from './endpoints/payments.ts';
import { productsEndpoints } from './endpoints/products.ts';
import { settingsEndpoints } from './endpoints/settings.ts';
import { statusEndpoints } from './endpoints/status.ts';
import { supportEndpoints } from './endpoints/support.ts';
import { usageEndpoints } from './endpoints/usage.ts';
import { define, type Endpoint } from './endpoints/endpoint.ts';

export type { Endpoint };

/**
 * Every call of the API, assembled from the areas' tables in `contract/endpoints/<area>.ts` (a new area adds its file
 * and one line here). The server registers its routes from these; the app builds its requests and parses its
 * answers with the same objects.
 */
export const endpoints = define({
  ...authEndpoints,
  ...statusEndpoints,
  ...activationEndpoints,
  ...customerEndpoints,
  ...settingsEndpoints,
  ...usageEndpoints,
  ...invoicesEndpoints,
  ...paymentsEndpoints,
  ...productsEndpoints,
  ...ordersEndpoints,
  ...supportEndpoints,
  ...offersEndpoints,
  ...energyEndpoints,
});

export type EndpointName = keyof typeof endpoints;

/**
 * A read the service worker answers with the 15-minute rule (docs/architecture.md "Freshness (reload data older than 15 minutes)"): a GET of customer
 * data, under the authenticated base, with a JSON answer. Public calls (status, activation) and files (downloads,
 * no `response` schema) always go to the network. The app's client marks these requests (contract/headers.ts
 * CACHED_READ_HEADER), so the worker needs no list of its own.
 */
export const isCachedRead = (e: Endpoint): boolean => e.method === 'GET' && e.base === 'api' && e.response !== undefined;

/** Full server path of an endpoint under the given bases (defaults are same-origin). */
export const endpointUrl = (e: Endpoint, bases: { api: string; public: string } = { api: '/api', public: '/api/public' }): string =>
  `${e.base === 'public' ? bases.public : bases.api}${e.path}`;

/** Fill `:params` of a path. */
export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
