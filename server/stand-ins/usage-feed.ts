import type { AppContext } from '../lib/app-context.ts';

/*
 * The demo's usage feed (DEV_USAGE_FEED=1, demo only): it plays the network's mediation, which a real operator's
 * usage records come from, so that alerts and gauges move by themselves while someone tries the demo.
 */

const FEED_EVERY_MS = 10 * 60_000;

/** The development usage feed: one in-bundle data session of 20 to 80 MB on every active line. */
const feedUsage = async (ctx: AppContext, now: Date): Promise<void> => {
  const lines = await ctx.db.selectFrom('contracts').select('id').where('status', '=', 'ACTIVATED').execute();
  if (lines.length === 0) return;
  await ctx.db
    .insertInto('usage_records')
    .values(
      lines.map((line) => ({
        contract_id: line.id,
        service_cat: 'data' as const,
        messages: 1,
        is_oob: 0,
        resource_impact: 0,
        service_used: Math.round((20 + Math.random() * 60) * 1024 * 1024),
        service_unit: 'B' as const,
        destination: 'national' as const,
        event_time: now.getTime(),
      })),
    )
    .execute();
};

export const registerUsageFeed = (ctx: AppContext): void => {
  ctx.scheduler.register({ name: 'usage.dev-feed', everyMs: FEED_EVERY_MS, run: (now) => feedUsage(ctx, now) });
};
