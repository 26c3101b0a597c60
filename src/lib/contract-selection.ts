import { compareCodeUnits } from './compare.ts';

/*
 * Which contract the app shows (docs/product/home.md "Which line is shown"): a plain user gets the contract of its
 * own msisdn and no switcher; otherwise the forced contract (?contractId= or the user's last choice), otherwise the
 * oldest contract with an msisdn, otherwise the first contract with an id above 0.
 */

export type SelectableContract = { id: number; msisdn: string | null; createdAt: string };

export type SelectionInput = {
  contracts: readonly SelectableContract[];
  isPlainUser: boolean;
  userMsisdn: string | null;
  forcedContractId: number | null;
};

export const selectContract = ({ contracts, isPlainUser, userMsisdn, forcedContractId }: SelectionInput): number | null => {
  if (isPlainUser) {
    return contracts.find((c) => c.msisdn !== null && c.msisdn === userMsisdn)?.id ?? null;
  }
  if (forcedContractId !== null && contracts.some((c) => c.id === forcedContractId)) return forcedContractId;
  const withMsisdn = contracts.filter((c) => c.msisdn).toSorted((a, b) => compareCodeUnits(a.createdAt, b.createdAt) || a.id - b.id);
  if (withMsisdn[0]) return withMsisdn[0].id;
  return contracts.find((c) => c.id > 0)?.id ?? null;
};

/** A plain user has no contract switcher. */
export const canSwitchContract = (isPlainUser: boolean, contractCount: number): boolean => !isPlainUser && contractCount > 1;
