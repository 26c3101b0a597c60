import type { FastifyInstance } from 'fastify';

/*
 * The routes an app serves, as Fastify registered them (method and URL, HEAD included). Fastify has no public
 * list of its routes; an onRoute hook added before the first route sees every one. The OpenAPI test compares
 * this table with the document in both directions.
 */

type RouteEntry = { method: string; url: string };

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Starts recording; call before registering any route. */
export const recordRoutes = (app: FastifyInstance): void => {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) table.push({ method, url: route.url });
  });
};

export const routesOf = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];
