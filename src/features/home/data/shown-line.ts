import { useLiveQuery } from 'dexie-react-hooks';
import { isPlainUser } from '#contract/roles';
import { db } from '#db/db';
import { formatPhoneNumber } from '#lib/msisdn';
import { canSwitchContract, selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { selectedContractKey, setSelectedContract } from './contract-preference.ts';

/*
 * The line every screen shows (docs/product/home.md "Which line is shown"), as the header's switcher reads it: the
 * same Dexie preference home, consumption, subscription, settings and orders follow, so switching it here moves them
 * all at once, offline too (a local write). Dexie only: the main layout's first frame loads no pull and no API client.
 */

export type ShownLineChoice = { id: number; msisdn: string | null; contractRef: string };

/** A line as the switcher names it: its number, or its contract reference before it has one. */
export const lineLabel = (line: ShownLineChoice): string => (line.msisdn ? formatPhoneNumber(line.msisdn) : line.contractRef);

export type ShownLine = {
  /** The lines the customer may switch between; empty for a plain user or a single line (no switcher). */
  choices: ShownLineChoice[];
  shownId: number | null;
};

export const readShownLine = async (): Promise<{ data: ShownLine }> => {
  const session = await db.session.get('current');
  if (!session || session.customerId === null) return { data: { choices: [], shownId: null } };
  const [all, forced] = await Promise.all([
    db.contracts.where('customerId').equals(session.customerId).sortBy('position'),
    db.prefs.get(selectedContractKey),
  ]);
  const plain = isPlainUser(session);
  const contracts = plain ? all.filter((c) => c.msisdn !== null && c.msisdn === session.msisdn) : all;
  const shownId = selectContract({
    contracts,
    isPlainUser: plain,
    userMsisdn: session.msisdn,
    forcedContractId: typeof forced?.value === 'number' ? forced.value : null,
  });
  const choices = canSwitchContract(plain, contracts.length)
    ? contracts.map((c) => ({ id: c.id, msisdn: c.msisdn, contractRef: c.contractRef }))
    : [];
  return { data: { choices, shownId } };
};

export const useShownLine = (): LiveResult<ShownLine> => fromLive(useLiveQuery(readShownLine, []));

/** Shows another line on every screen (the stored choice, as `?contractId=` sets it). */
export const showLine = (contractId: number): Promise<void> => setSelectedContract(contractId);
