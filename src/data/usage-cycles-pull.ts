import { call } from '#api/client';
import { localDayRange } from '#contract/calendar';
import { endpoints } from '#contract/endpoints';
import type { UsageCycles } from '#contract/usage';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { UsageCyclesRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/*
 * The totals of a line's last completed bill cycles (GET …/usage/cycles), for the plan advisor of the subscription and
 * the tariff comparison of the offers: both price or average these totals, so neither downloads the cycles' records
 * (issue 41 point 7: a heavy customer's 200,000 records are for the screens that list them). Shared by two features,
 * so it lives here.
 * Offline: the call fails, nothing is written, and the screens keep the stored totals with their age.
 */

/** The answer as stored: the cycles with their bounds as instants (Brussels days), as the app's cycles are. */
export const toUsageCyclesRow = (answer: UsageCycles, customerId: number, contractId: number): UsageCyclesRow => ({
  contractId,
  customerId,
  cycles: answer.cycles.map((cycle) => ({ ...cycle, ...localDayRange(cycle.start, cycle.end) })),
});

/** GET …/usage/cycles: the line's row and its fetch time, in one transaction (15-minute rule). */
export const pullUsageCycles = (customerId: number, contractId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.usageCycles(customerId, contractId),
    force: options.force ?? false,
    tables: [db.usageCycles],
    fetch: () => call(endpoints.usageCycles, { params: { customerId, contractId }, silent: true }),
    write: async (answer) => {
      await db.usageCycles.put(toUsageCyclesRow(answer, customerId, contractId));
    },
  });
