import { db } from '#db/db';

/** The contract the user chose last (or forced with ?contractId=), kept across reloads. */
export const selectedContractKey = 'selectedContractId';

export const setSelectedContract = async (contractId: number): Promise<void> => {
  await db.prefs.put({ key: selectedContractKey, value: contractId });
};
