import { isPlainUser } from '#contract/roles';
import { selectedContractKey } from '#data/selected-contract';
import { db } from '#db/db';
import type { ContractRow, SessionRow } from '#db/schema';
import { selectContract } from '#lib/contract-selection';

/*
 * The line the settings screens show: the app's selected contract (docs/product/home.md "Which line is shown", shared
 * with home and consumption), and a plain user's own line only. Offline: a local read.
 */

export type VisibleLines = { contracts: ContractRow[]; selected: ContractRow | undefined };

export const readVisibleLines = async (session: SessionRow, customerId: number): Promise<VisibleLines> => {
  const [all, forced] = await Promise.all([db.contracts.where('customerId').equals(customerId).sortBy('position'), db.prefs.get(selectedContractKey)]);
  const plain = isPlainUser(session);
  const contracts = plain ? all.filter((c) => c.msisdn !== null && c.msisdn === session.msisdn) : all;
  const selectedId = selectContract({
    contracts,
    isPlainUser: plain,
    userMsisdn: session.msisdn,
    forcedContractId: typeof forced?.value === 'number' ? forced.value : null,
  });
  return { contracts, selected: contracts.find((c) => c.id === selectedId) };
};

export type { ContractRow,  LineSettingsRow,    } from '#db/schema';
