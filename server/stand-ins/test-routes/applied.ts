import { z } from 'zod';
import type { Endpoint } from '#contract/endpoints';
import type { AppContext } from '../../lib/app-context.ts';
import type { Router } from '../../lib/contract-route.ts';
import { appliedChanges, seenRequests } from '../../plugins/idempotency.ts';

/*
 * GET /api/test/applied (test mode only): the changes the server really applied with an Idempotency-Key, so
 * that browser tests check a replay by asking the server, not by looking at the app's queue; and the API
 * requests that reached the server, so that they count what the service worker answered from its cache.
 */
export const appliedEndpoint = {
  method: 'GET',
  base: 'api',
  path: '/applied',
  response: z.object({
    changes: z.array(
      z.object({ key: z.string(), method: z.string(), path: z.string(), userId: z.number().nullable(), body: z.unknown(), at: z.string() }),
    ),
    /** Every API request that reached the server, in order (method and URL). */
    requests: z.array(z.object({ method: z.string(), path: z.string() })),
  }),
} as const satisfies Endpoint;

export const registerAppliedTestRoute = (router: Router, ctx: AppContext): void => {
  router.testRoute(appliedEndpoint, () => ({ changes: appliedChanges(ctx), requests: seenRequests(ctx) }));
};
