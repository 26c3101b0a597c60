import type { EntityTable } from 'dexie';
import type { SimOrder } from '#contract/activation';

/*
 * SIM orders and their follow-up (docs/product/activation.md).
 */

/**
 * The follow-up of a SIM order (GET …/sim-orders for the holder, or GET /public/orders/{uuid} with the activation
 * session), stored as the contract sends it: the states reached with their times, and the next step expected.
 */
export type SimOrderRow = SimOrder;

/** The tables of this area in the app database. */
export type ActivationTables = {
  simOrders: EntityTable<SimOrderRow, 'uuid'>;
};
