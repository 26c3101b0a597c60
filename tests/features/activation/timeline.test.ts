import { describe, expect, it } from 'vitest';
import type { SimOrder } from '#contract/activation';
import { isUnderWay, timelineOf, type TimelineItem } from '#features/activation/data/timeline.ts';

/* The follow-up's timeline: the states reached with their times, then the steps ahead on the customer's path. */

const T0 = '2026-11-20T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const base: SimOrder = {
  uuid: 'c7701276-a98c-4a8b-8be0-e24f7ec68786',
  orderRef: 'O-0000000001',
  customerId: 6,
  contractId: 8,
  msisdn: '0470000008',
  productName: 'Mega Mobile S',
  status: 'IN_DELIVERY',
  subStatus: 'SIM_SENT',
  identificationStatus: 'OK',
  fraudStatus: 'OK',
  mode: null,
  portIn: null,
  failure: null,
  identification: null,
  createdAt: T0,
  activatedAt: null,
  events: [
    { step: 'ORDER_VALIDATED', at: T0 },
    { step: 'SIM_SENT', at: at(60) },
  ],
  nextStep: null,
};

const order = (changes: Partial<SimOrder>, extraEvents: SimOrder['events'] = []): SimOrder => ({
  ...base,
  ...changes,
  events: [...base.events, ...extraEvents],
});

const compact = (items: TimelineItem[]) =>
  items.map((item) =>
    [item.step, item.state, item.at, item.expectedAt, item.latestAt, item.waitsForCustomer ? 'customer' : undefined]
      .filter(Boolean)
      .join(' '),
  );

describe('timelineOf', () => {
  it.each([
    [
      "ready: the choice is the customer's",
      order({}),
      [`ORDER_VALIDATED done ${T0}`, `SIM_SENT done ${at(60)}`, 'ACTIVATION_REQUESTED current customer', 'ACTIVATED upcoming'],
    ],
    [
      'a new number under way: the next step expected, the line at the latest 2 hours after the request',
      order(
        {
          subStatus: 'ACTIVATION_REQUESTED',
          mode: 'new_number',
          nextStep: { step: 'ACTIVATION_EXECUTED', expectedAt: at(124), latestAt: at(240) },
        },
        [{ step: 'ACTIVATION_REQUESTED', at: at(120) }],
      ),
      [
        `ORDER_VALIDATED done ${T0}`,
        `SIM_SENT done ${at(60)}`,
        `ACTIVATION_REQUESTED done ${at(120)}`,
        `ACTIVATION_EXECUTED current ${at(124)}`,
        `ACTIVATED upcoming ${at(240)}`,
      ],
    ],
    [
      'a transfer accepted: executed next, then active',
      order(
        {
          subStatus: 'PORT_IN_ACCEPTED',
          mode: 'port_in',
          portIn: { msisdn: '0478123456', type: 'postpaid' },
          nextStep: { step: 'PORT_IN_EXECUTED', expectedAt: at(1560), latestAt: at(3000) },
        },
        [
          { step: 'PORT_IN_REQUESTED', at: at(120) },
          { step: 'PORT_IN_ACCEPTED', at: at(180) },
        ],
      ),
      [
        `ORDER_VALIDATED done ${T0}`,
        `SIM_SENT done ${at(60)}`,
        `PORT_IN_REQUESTED done ${at(120)}`,
        `PORT_IN_ACCEPTED done ${at(180)}`,
        `PORT_IN_EXECUTED current ${at(1560)}`,
        `ACTIVATED upcoming ${at(3000)}`,
      ],
    ],
    [
      'a failed transfer: the failure stays in the history, and the customer chooses again',
      order(
        {
          subStatus: 'PORT_IN_FAILED',
          mode: 'port_in',
          failure: { step: 'PORT_IN_FAILED', reason: 'dataMismatch', at: at(180) },
        },
        [
          { step: 'PORT_IN_REQUESTED', at: at(120) },
          { step: 'PORT_IN_FAILED', at: at(180) },
        ],
      ),
      [
        `ORDER_VALIDATED done ${T0}`,
        `SIM_SENT done ${at(60)}`,
        `PORT_IN_REQUESTED done ${at(120)}`,
        `PORT_IN_FAILED failed ${at(180)}`,
        'ACTIVATION_REQUESTED current customer',
        'ACTIVATED upcoming',
      ],
    ],
    [
      'identification needed: documents first (the "needed" event is not a step of its own)',
      order({ identificationStatus: 'NEED_IDENTIFICATION' }, [{ step: 'IDENTIFICATION_NEEDED', at: T0 }]),
      [
        `ORDER_VALIDATED done ${T0}`,
        `SIM_SENT done ${at(60)}`,
        'IDENTIFICATION_SENT current customer',
        'IDENTIFICATION_OK upcoming',
        'ACTIVATED upcoming',
      ],
    ],
    [
      'documents being checked: expected and latest times on the check',
      order({ identificationStatus: 'NEED_VALIDATION', nextStep: { step: 'IDENTIFICATION_OK', expectedAt: at(150), latestAt: at(1560) } }, [
        { step: 'IDENTIFICATION_SENT', at: at(120) },
      ]),
      [
        `ORDER_VALIDATED done ${T0}`,
        `SIM_SENT done ${at(60)}`,
        `IDENTIFICATION_SENT done ${at(120)}`,
        `IDENTIFICATION_OK current ${at(150)} ${at(1560)}`,
        'ACTIVATED upcoming',
      ],
    ],
    [
      'SIM returned: nothing ahead',
      order({ subStatus: 'SIM_DELIVERY_FAILED' }, [{ step: 'SIM_DELIVERY_FAILED', at: at(2000) }]),
      [`ORDER_VALIDATED done ${T0}`, `SIM_SENT done ${at(60)}`, `SIM_DELIVERY_FAILED failed ${at(2000)}`],
    ],
    [
      'active: the whole history, nothing ahead',
      order({ status: 'ACTIVATED', subStatus: 'ACTIVATED', mode: 'new_number', activatedAt: at(125) }, [
        { step: 'ACTIVATION_REQUESTED', at: at(120) },
        { step: 'ACTIVATION_EXECUTED', at: at(124) },
        { step: 'ACTIVATED', at: at(125) },
      ]),
      [
        `ORDER_VALIDATED done ${T0}`,
        `SIM_SENT done ${at(60)}`,
        `ACTIVATION_REQUESTED done ${at(120)}`,
        `ACTIVATION_EXECUTED done ${at(124)}`,
        `ACTIVATED done ${at(125)}`,
      ],
    ],
    [
      'not sent yet: the SIM comes first',
      { ...base, status: 'IN_VALIDATION', subStatus: 'ORDER_VALIDATED', events: [{ step: 'ORDER_VALIDATED', at: T0 }] } satisfies SimOrder,
      [`ORDER_VALIDATED done ${T0}`, 'SIM_SENT current', 'ACTIVATED upcoming'],
    ],
  ])('%s', (_, value, expected) => {
    expect(compact(timelineOf(value))).toEqual(expected);
  });
});

describe('isUnderWay: the screen refreshes the order by itself', () => {
  it.each([
    [order({}), false],
    [order({ subStatus: 'ACTIVATION_EXECUTED', mode: 'new_number' }), true],
    [order({ subStatus: 'PORT_IN_REQUESTED', mode: 'port_in' }), true],
    [order({ identificationStatus: 'NEED_VALIDATION' }), true],
    [order({ identificationStatus: 'NEED_IDENTIFICATION' }), false],
    [order({ subStatus: 'PORT_IN_FAILED' }), false],
    [order({ status: 'ACTIVATED', subStatus: 'ACTIVATED' }), false],
  ])('%#', (value, expected) => {
    expect(isUnderWay(value)).toBe(expected);
  });
});
