import type * as ApiClient from '#api/client';
import { ApiError } from '#api/api-error';
import { endpointUrl, fillPath, type Endpoint } from '#contract/endpoints';
import { toFormData } from '#api/multipart';
import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { bearer, createTestApp, login, type TestApp } from '../../server/test-app.ts';

/*
 * The outbox's tests talk to the real reference server (buildApp + inject, on its own in-memory database): its
 * 412 on a stale version, 422 `noUpdate` and Idempotency-Key replays are the behaviour the outbox is built for.
 * Only the transport is replaced: `network.mode` decides whether a change reaches the server, fails as offline,
 * or is kept by a service worker (202 "queued"), the three things a page's send can meet.
 */

export type NetworkMode = 'online' | 'offline' | 'queued';

export type Network = {
  mode: NetworkMode;
  /** Every change sent, in order: endpoint path, Idempotency-Key and body. */
  sent: { path: string; key: string; body: unknown }[];
  server: TestApp | null;
  token: string;
};

export const network: Network = { mode: 'online', sent: [], server: null, token: '' };

type Options = ApiClient.CallOptions;

/** The request body as the browser encodes it: JSON, or multipart form data built at send time (src/api/multipart.ts). */
const encode = async (
  endpoint: Endpoint,
  body: unknown,
): Promise<{ payload?: Buffer | Record<string, unknown>; headers: Record<string, string> }> => {
  if (body === undefined) return { headers: {} };
  if (!endpoint.multipart) return { payload: body as Record<string, unknown>, headers: {} };
  const response = new Response(toFormData(body as Record<string, unknown>));
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') ?? '' } };
};

const inject = async (endpoint: Endpoint, options: Options, key?: string): Promise<unknown> => {
  if (!network.server) throw new Error('no test server: call startServer() first');
  const encoded = await encode(endpoint, options.body);
  const url = fillPath(endpointUrl(endpoint), options.params ?? {});
  const query = Object.fromEntries(Object.entries(options.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const response = await network.server.app.inject({
    method: endpoint.method,
    url,
    query,
    headers: { ...bearer(network.token), ...encoded.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(encoded.payload === undefined ? {} : { payload: encoded.payload }),
  });
  const body = response.body ? response.json<unknown>() : null;
  if (response.statusCode >= 200 && response.statusCode < 300) return body;
  const error = (body ?? {}) as { code?: string; message?: string };
  throw new ApiError({
    status: response.statusCode,
    code: error.code ?? 'serverError',
    message: error.message ?? '',
    endpoint: endpoint.path,
  });
};

/** The API client with its transport replaced (vi.mock factory of '#api/client'). */
export const clientThroughServer = (original: typeof ApiClient): typeof ApiClient => ({
  ...original,
  call: (async (endpoint: Endpoint, options: Options = {}) => {
    if (network.mode === 'offline') throw new ApiError({ status: 0, code: 'network', message: 'offline', endpoint: endpoint.path });
    return inject(endpoint, options);
  }) as typeof ApiClient.call,
  callMutation: (async (endpoint: Endpoint, options: Options & { idempotencyKey: string }) => {
    network.sent.push({ path: endpoint.path, key: options.idempotencyKey, body: options.body });
    if (network.mode === 'offline') throw new ApiError({ status: 0, code: 'network', message: 'offline', endpoint: endpoint.path });
    if (network.mode === 'queued') return { queued: true };
    return { queued: false, data: await inject(endpoint, options, options.idempotencyKey) };
  }) as typeof ApiClient.callMutation,
});

/** Seeded server, Sophie (customer 1) logged in; returns her user guid. */
export const startServer = async (): Promise<{ userGuid: string }> => {
  network.server = await createTestApp();
  const { token, response } = await login(network.server.app, 'MT00000001');
  network.token = token;
  return { userGuid: response.json<{ user: { guid: string } }>().user.guid };
};

export const stopServer = async (): Promise<void> => {
  await network.server?.close();
  network.server = null;
};

/** The changes the server really applied (replays of a key excluded), from its test-mode log. */
export const appliedOnServer = async (): Promise<{ key: string; path: string; body: unknown }[]> => {
  const response = await network.server!.app.inject({ method: 'GET', url: '/api/test/applied', headers: bearer(network.token) });
  return response.json<{ changes: { key: string; path: string; body: unknown }[] }>().changes;
};

/** Sophie's contact as the server holds it. */
export const serverContact = async (): Promise<{ firstName: string; lastName: string; lastUpdate: string }> => {
  const response = await network.server!.app.inject({ method: 'GET', url: '/api/customer/1/full', headers: bearer(network.token) });
  return response.json<{ contact: { firstName: string; lastName: string; lastUpdate: string } }>().contact;
};

/** Change Sophie's contact on the server as another device would (not through the outbox); returns its new version. */
export const editElsewhere = async (body: Record<string, unknown>): Promise<string> => {
  const response = await network.server!.app.inject({
    method: 'PATCH',
    url: '/api/customer/1/contact',
    headers: bearer(network.token),
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`edit elsewhere: ${response.statusCode} ${response.body}`);
  return response.json<{ lastUpdate: string }>().lastUpdate;
};

/** An empty local database with Sophie's session, as after her login on this device. */
export const freshDevice = async (userGuid: string): Promise<void> => {
  await Promise.all(db.tables.map((table) => table.clear()));
  const now = Date.now();
  await db.session.put({
    id: 'current',
    userId: 1,
    userGuid,
    customerId: 1,
    role: 'owner',
    scope: 'DEFAULT',
    msisdn: '0470000001',
    email: 'sophie.dubois@example.be',
    energyRef: null,
    language: 'fr',
    firstName: 'Sophie',
    lastName: 'Dubois',
    expiresAt: now + 86_400_000,
    loggedInAt: now,
  });
  network.mode = 'online';
  network.sent = [];
};

/** A stored contact change as a page of this build writes it (for rows that exist before the test's page starts). */
export const contactRow = (key: string, body: Record<string, unknown>, extra: Partial<PendingMutationRow> = {}): PendingMutationRow => ({
  key,
  type: 'contact',
  payload: { endpoint: 'patchContact', params: { customerId: 1 }, body },
  createdAt: Date.now(),
  state: 'pending',
  attempts: 0,
  error: null,
  rollback: null,
  entity: 'contact:1',
  ...extra,
});

/** Waits until `check` holds (the outbox sends in the background after enqueue), at most `timeoutMs`. */
export const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
