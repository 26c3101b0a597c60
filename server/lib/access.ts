import { isPlainUser } from '#contract/roles';
import type { Db } from '../db/engine.ts';
import { forbidden, notFound } from './api-error.ts';
import { findContract, listContracts, type ContractRecord } from './customer-data.ts';
import type { ResolvedSession } from './sessions.ts';
import type { UserRow } from './users.ts';

/*
 * The one authorization guard of the API (docs/product/security.md "Access checks"). Every route that takes a customer
 * id or a contract id goes through requireCustomer / requireContract; no route compares ids itself.
 */

/** A plain user sees only the line it uses: the rule of contract/roles.ts, shared with the app. */
export { isPlainUser };

/** The line of a plain user: linked to it, or carrying its phone number. */
export const usesContract = (user: UserRow, contract: ContractRecord): boolean =>
  contract.linked_user_id === user.id || (user.msisdn !== null && contract.msisdn === user.msisdn);

export type CustomerAccess = {
  /**
   * 'deny' for account-holder data a plain user may not see at all (invoices, orders, payment details:
   * docs/product/roles.md "Plain user"). Default 'allow': the route then restricts a plain user to its own line
   * (requireContract, visibleContracts).
   */
  plainUser?: 'allow' | 'deny';
};

/**
 * 403 unless the session's user belongs to this customer. Role 'none' has no rights on customer data; a user
 * without a customer (LEGACY) never reaches here because login refuses it, but is refused here as well.
 */
export const requireCustomer = (auth: ResolvedSession, customerId: number, access: CustomerAccess = {}): void => {
  const { user } = auth;
  if (user.role === 'none' || user.customer_id === null || user.customer_id !== customerId) throw forbidden();
  if (access.plainUser === 'deny' && isPlainUser(user)) throw forbidden();
};

/** 403 for another customer, 404 for a contract that is not this customer's, 403 for a plain user's colleague's line. */
export const requireContract = async (db: Db, auth: ResolvedSession, customerId: number, contractId: number): Promise<ContractRecord> => {
  requireCustomer(auth, customerId);
  const contract = await findContract(db, customerId, contractId);
  if (!contract) throw notFound('Contract not found');
  if (isPlainUser(auth.user) && !usesContract(auth.user, contract)) throw forbidden();
  return contract;
};

/** The contracts of a customer the session may see: all of them, or a plain user's own line only. */
export const visibleContracts = async (db: Db, auth: ResolvedSession, customerId: number): Promise<ContractRecord[]> => {
  requireCustomer(auth, customerId);
  const contracts = await listContracts(db, customerId);
  return isPlainUser(auth.user) ? contracts.filter((contract) => usesContract(auth.user, contract)) : contracts;
};
