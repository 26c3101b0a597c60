import { z } from 'zod';
import { define } from './endpoint.ts';

/** The server's own state: maintenance and readiness (docs/product/operations.md). */
export const statusEndpoints = define({
  status: {
    method: 'GET',
    base: 'public',
    path: '/status',
    response: z.object({ status: z.enum(['ok', 'maintenance']), version: z.string() }),
  },
  // Readiness for health checks: 200 once the server and its database answer, 503 otherwise.
  ready: {
    method: 'GET',
    base: 'public',
    path: '/ready',
    response: z.object({ status: z.literal('ready'), version: z.string() }),
  },
});
