import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { LineSettings } from '#contract/settings';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { LineSettingsRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';
import { toSafeguardRow } from './safeguard-row.ts';

/*
 * A line's settings, PIN and PUK, safeguards and recent changes (GET …/contract/{id}/settings). The settings screens
 * and the travel guide read these rows and each may refresh them, so the pull lives in the shared data/ rather than
 * in one feature. Waiting changes of the line (the settings feature's queued changes declare the table) are put back
 * on top by `pull` itself. Offline: the call fails and the last stored rows stay on screen with their age.
 */

export const toLineSettingsRow = (answer: LineSettings, customerId: number): LineSettingsRow => ({
  contractId: answer.contractId,
  customerId,
  settings: answer.settings,
  codes: answer.codes,
  safeguards: answer.safeguards.map(toSafeguardRow),
  changes: answer.changes,
});

export const pullLineSettings = (customerId: number, contractId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.lineSettings(customerId, contractId),
    force: options.force ?? false,
    tables: [db.lineSettings],
    fetch: () => call(endpoints.contractSettings, { params: { customerId, contractId } }),
    write: async (answer) => {
      await db.lineSettings.put(toLineSettingsRow(answer, customerId));
    },
  });
