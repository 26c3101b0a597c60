import { z } from 'zod';
import { isoDateTimeSchema } from '#contract/common';
import type { Endpoint } from '#contract/endpoints';
import type { AppContext } from '../../lib/app-context.ts';
import type { Router } from '../../lib/contract-route.ts';

/** Switches for e2e tests; registered only in test mode, so they answer 404 in production. */
export const testEndpoints = {
  maintenance: {
    method: 'POST',
    base: 'api',
    path: '/maintenance',
    body: z.object({ on: z.boolean() }),
    response: z.object({ maintenance: z.boolean() }),
  },
  clock: {
    method: 'POST',
    base: 'api',
    path: '/clock',
    // null returns to the real clock.
    body: z.object({ now: isoDateTimeSchema.nullable() }),
    response: z.object({ now: z.string() }),
  },
} as const satisfies Record<string, Endpoint>;

export const registerModeTestRoutes = (router: Router, ctx: AppContext): void => {
  router.testRoute(testEndpoints.maintenance, ({ body }) => {
    ctx.state.maintenance = body.on;
    return { maintenance: ctx.state.maintenance };
  });

  // Moving time runs the jobs that became due before answering, so a browser test sees their effect at once.
  router.testRoute(testEndpoints.clock, async ({ body }) => {
    ctx.clock.set(body.now === null ? null : new Date(body.now));
    await ctx.scheduler.runDue();
    return { now: ctx.clock.now().toISOString() };
  });
};
