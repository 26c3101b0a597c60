import { orderResource } from '#contract/orders';
import { DEMO_IDS } from './ids.ts';

/*
 * The demo orders (docs/product/subscription.md "Order history"), numbered O-0000000001 … in this list's order: the two
 * SIM sales waiting for activation first (their numbers are what the activation screen asks for), then the history.
 * Data only; the writes are in ../seeding/orders.ts.
 */

const K = DEMO_IDS.contracts;
const U = DEMO_IDS.users;
const P = DEMO_IDS.products;
const R = orderResource;

export type OrderStatus = 'CANCELED' | 'PENDING' | 'QUEUED' | 'FAILED' | 'SUCCESS';

type DemoOrderLine = {
  type: 'product' | 'option' | 'safeguard' | 'setting' | 'contract';
  kind: 'SAFEGUARD' | 'SETTING' | 'OPTION' | 'PRODUCT' | 'CONTRACT';
  resource: string;
  /** The product or option of a PRODUCT or OPTION line (the new product of a plan change). */
  resourceId?: number;
  old: string | null;
  new: string | null;
  status: OrderStatus;
  reason?: 'JSON' | 'HTML' | 'TEXT' | 'CUSTOMER_DEBT';
  error?: string;
  cancellable?: boolean;
};

/**
 * Who placed the order (docs/product/roles.md "Who placed an order": U user, O owner, A admin, C customer service, S
 * system). `user` refers to a demo user, whose guid becomes the initiator reference; `ref` is a literal reference (a
 * customer-service agent).
 */
type DemoInitiator = { type: 'U' | 'O' | 'A' | 'C' | 'S'; user?: number; ref?: string };

export type DemoOrder = {
  contractId: number;
  ageDays: number;
  /**
   * Placed (and executed) on this day of the line's last closed bill cycle (0: its first day) instead of `ageDays` ago,
   * so that the last invoice bills the change whatever the day of the seed (its "why is this bill different").
   */
  lastClosedCycleDay?: number;
  initiator: DemoInitiator;
  status: OrderStatus;
  lines: DemoOrderLine[];
  /** When the order takes effect: never (null), or at the start of the line's next bill cycle. */
  scheduled?: 'next-cycle';
};

export const ORDERS: DemoOrder[] = [
  // O-0000000001 and O-0000000002: the SIM sales waiting for activation.
  {
    contractId: K.newCustomer,
    ageDays: 4,
    initiator: { type: 'S' },
    status: 'PENDING',
    lines: [{ type: 'contract', kind: 'CONTRACT', resource: R.activate, old: null, new: 'Mega Mobile S', status: 'PENDING' }],
  },
  {
    contractId: K.sophieNew,
    ageDays: 6,
    initiator: { type: 'O', user: U.sophie },
    status: 'PENDING',
    lines: [{ type: 'contract', kind: 'CONTRACT', resource: R.activate, old: null, new: 'Mega Mobile S', status: 'PENDING' }],
  },
  // Sophie's plan change that left Mega Mobile S inactive, 12 days into her last closed cycle: her last invoice bills
  // S, then M with its −20 % (docs/product/invoices.md "Why this bill is different").
  {
    contractId: K.sophieMain,
    ageDays: 95,
    lastClosedCycleDay: 12,
    initiator: { type: 'O', user: U.sophie },
    status: 'SUCCESS',
    lines: [
      {
        type: 'product',
        kind: 'PRODUCT',
        resource: 'Mega Mobile M',
        resourceId: P.mobileM,
        old: 'Mega Mobile S',
        new: 'Mega Mobile M',
        status: 'SUCCESS',
      },
    ],
  },
  // Contract 0470000005: history covering every status and every initiator type.
  {
    contractId: K.emmaOrders,
    ageDays: 150,
    initiator: { type: 'S' },
    status: 'SUCCESS',
    lines: [
      { type: 'safeguard', kind: 'SAFEGUARD', resource: R.osgLimit, old: null, new: '5000', status: 'SUCCESS' },
      { type: 'setting', kind: 'SETTING', resource: R.roaming, old: null, new: 'EU_INCLUDE_SWISS', status: 'SUCCESS' },
    ],
  },
  {
    contractId: K.emmaOrders,
    ageDays: 120,
    initiator: { type: 'O', user: U.emma },
    status: 'SUCCESS',
    lines: [
      { type: 'option', kind: 'OPTION', resource: 'Extra 1 GB', resourceId: P.extra1Gb, old: '0', new: '1', status: 'SUCCESS' },
      {
        type: 'option',
        kind: 'OPTION',
        resource: 'International 60',
        resourceId: P.international60,
        old: '0',
        new: '1',
        status: 'SUCCESS',
      },
    ],
  },
  {
    contractId: K.emmaOrders,
    ageDays: 75,
    initiator: { type: 'C', ref: 'CS-0042' },
    status: 'FAILED',
    lines: [
      {
        type: 'safeguard',
        kind: 'SAFEGUARD',
        resource: R.osgLimit,
        old: '5000',
        new: '20000',
        status: 'FAILED',
        reason: 'TEXT',
        error: 'Requested limit exceeds the maximum of 150 EUR.',
      },
    ],
  },
  {
    contractId: K.emmaOrders,
    ageDays: 60,
    initiator: { type: 'A', user: U.jan },
    status: 'CANCELED',
    lines: [{ type: 'setting', kind: 'SETTING', resource: R.roaming, old: 'EU_INCLUDE_SWISS', new: 'WORLD_COVERAGE', status: 'CANCELED' }],
  },
  {
    contractId: K.emmaOrders,
    ageDays: 30,
    initiator: { type: 'A', user: U.jan },
    status: 'FAILED',
    lines: [
      {
        type: 'product',
        kind: 'PRODUCT',
        resource: 'Mega Pro 30',
        resourceId: P.pro30,
        old: 'Mega Pro Unlimited',
        new: 'Mega Pro 30',
        status: 'FAILED',
        reason: 'CUSTOMER_DEBT',
        error: 'Open balance on the customer account.',
      },
    ],
  },
  {
    contractId: K.emmaOrders,
    ageDays: 20,
    initiator: { type: 'C', ref: 'CS-0042' },
    status: 'SUCCESS',
    lines: [{ type: 'contract', kind: 'CONTRACT', resource: R.simSwap, old: null, new: null, status: 'SUCCESS' }],
  },
  {
    contractId: K.emmaOrders,
    ageDays: 1,
    initiator: { type: 'U' },
    status: 'QUEUED',
    lines: [{ type: 'setting', kind: 'SETTING', resource: R.throttling, old: 'NONE', new: '5M', status: 'QUEUED' }],
  },
  // The pending option order: takes effect at the next cycle and can still be cancelled.
  {
    contractId: K.emmaOrders,
    ageDays: 2,
    initiator: { type: 'O', user: U.emma },
    status: 'PENDING',
    lines: [
      {
        type: 'option',
        kind: 'OPTION',
        resource: 'Roaming World 1 GB',
        resourceId: P.roamingWorld1Gb,
        old: '0',
        new: '2',
        status: 'PENDING',
        cancellable: true,
      },
      {
        type: 'option',
        kind: 'OPTION',
        resource: 'Extra 1 GB',
        resourceId: P.extra1Gb,
        old: '1',
        new: '0',
        status: 'PENDING',
        cancellable: true,
      },
    ],
    scheduled: 'next-cycle',
  },
  // The blocked line: its last request failed on the fraud check.
  {
    contractId: K.emmaFraud,
    ageDays: 10,
    initiator: { type: 'S' },
    status: 'FAILED',
    lines: [
      {
        type: 'option',
        kind: 'OPTION',
        resource: 'Roaming World 1 GB',
        resourceId: P.roamingWorld1Gb,
        old: '0',
        new: '1',
        status: 'FAILED',
        reason: 'JSON',
        error: '{"code":"BLOCKED_FRAUD"}',
      },
    ],
  },
];
