import { db } from '#db/db';

/*
 * The contract the user chose last (or forced with ?contractId=), kept in Dexie prefs across reloads. Home and
 * consumption both follow it, so it lives here rather than in one feature. Offline: a local write, always works.
 */

export const selectedContractKey = 'selectedContractId';

export const setSelectedContract = async (contractId: number): Promise<void> => {
  await db.prefs.put({ key: selectedContractKey, value: contractId });
};

export const readForcedContractId = (value: unknown): number | null => (typeof value === 'number' ? value : null);
