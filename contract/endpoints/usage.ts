import { z } from 'zod';
import { pagingQuerySchema } from '../common.ts';
import { usageCyclesSchema, usageHistoryQuerySchema, usageHistoryResponseSchema, usageSummarySchema } from '../usage.ts';
import { define, contractParams } from './endpoint.ts';

/** Consumption: the period's summary, its history and its downloads (docs/product/consumption.md). */
export const usageEndpoints = define({
  usageSummary: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage',
    params: contractParams,
    query: z.object({
      period: z.enum(['current', 'previous']).default('current'),
      /**
       * The first day of an earlier closed bill cycle, instead of `period`: that cycle, rated with the plan and options
       * the line held on its last day, as its invoice was (the records behind an older invoice's out-of-bundle cause).
       */
      cycle: z.iso.date().optional(),
    }),
    response: usageSummarySchema,
  },
  /** The last completed bill cycles' totals (the plan advisor, the tariff comparison): no records to download. */
  usageCycles: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage/cycles',
    params: contractParams,
    response: usageCyclesSchema,
  },
  usageHistory: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage/history',
    params: contractParams,
    query: pagingQuerySchema.extend(usageHistoryQuerySchema.shape),
    response: usageHistoryResponseSchema,
  },
  usageDownload: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/usage/download',
    params: contractParams,
    query: z.object({ type: z.enum(['PDF', 'CONSO']), from: z.iso.date().optional(), to: z.iso.date().optional() }),
    download: ['application/pdf', 'text/csv'],
  },
});
