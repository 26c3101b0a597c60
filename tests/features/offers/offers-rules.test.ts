import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { energyLinkRequestSchema, energyRefAfterStatus, normalizeLinkStatus } from '#contract/energy';
import { createDatabase } from '#db/schema';
import { comparisonParams, comparisonUrl } from '#features/offers/data/comparison-link.ts';
import { energyEntryFor } from '#features/offers/data/energy-link.ts';
import { putRecords } from '#workers/usage-blocks';
import type { UsageRecordRow } from '#workers/usage-core';
import { usageTotalsOf } from '#contract/rating';
import { profileOf } from '#workers/usage-profile';
import { createUsageService } from '#workers/usage-service';

/*
 * The tariff comparison link's parameters (docs/product/offers.md "Tariff comparison link";
 * docs/product/consumption.md "Average use") and the energy link's state rules (docs/product/offers.md "Energy link";
 * docs/product/validation.md "Energy link").
 */

describe('comparison link parameters', () => {
  it.each([
    [{ dataBytes: 0, nationalCallSeconds: 0, nationalSms: 0 }, 'fr', { minutes: 0, sms: 0, data: 0 }],
    [{ dataBytes: 1024 ** 2, nationalCallSeconds: 60, nationalSms: 1 }, 'nl', { minutes: 1, sms: 1, data: 1 }],
    // A started minute and a started MB count; SMS are rounded.
    [{ dataBytes: 1024 ** 2 + 1, nationalCallSeconds: 61, nationalSms: 2.5 }, 'en', { minutes: 2, sms: 3, data: 2 }],
    [{ dataBytes: 3 * 1024 ** 3, nationalCallSeconds: 7200, nationalSms: 40.4 }, 'fr', { minutes: 120, sms: 40, data: 3072 }],
  ])('%o in %s', (average, lang, expected) => {
    expect(comparisonParams(average, lang)).toEqual({ operator: 'mega', lang, service: 'mobile', ...expected });
  });

  it.each([
    ['https://www.bestetarief.be/', 'https://www.bestetarief.be/?operator=mega&lang=nl&service=mobile&minutes=12&sms=3&data=2048'],
    [
      'https://compare.example/tool?ref=app',
      'https://compare.example/tool?ref=app&operator=mega&lang=nl&service=mobile&minutes=12&sms=3&data=2048',
    ],
    ['/compare/', '/compare/?operator=mega&lang=nl&service=mobile&minutes=12&sms=3&data=2048'],
  ])('the address %s carries the parameters in the order of docs/product/offers.md "Tariff comparison link"', (base, url) => {
    expect(comparisonUrl(base, { operator: 'mega', lang: 'nl', service: 'mobile', minutes: 12, sms: 3, data: 2048 })).toBe(url);
  });
});

const record = (i: number, over: Partial<UsageRecordRow>): UsageRecordRow => ({
  id: `p${String(i).padStart(6, '0')}`,
  contractId: 9,
  serviceCat: 'call',
  messages: 1,
  isOob: false,
  resourceImpact: 0,
  resourceUnit: 'EUR_CENT',
  serviceUsed: 60,
  serviceUnit: 'SEC',
  incoming: false,
  destination: 'national',
  eventTime: Date.UTC(2026, 0, 10, 12),
  ...over,
});

describe('usage profile (what a tariff comparison prices: what counts against a bundle)', () => {
  it.each([
    ['outgoing national call', { serviceCat: 'call', serviceUsed: 90 }, { nationalCallSeconds: 90 }],
    ['incoming call: free, not counted', { serviceCat: 'call', incoming: true }, {}],
    ['call while roaming in the EU: as at home', { serviceCat: 'call', destination: 'roaming' }, { nationalCallSeconds: 60 }],
    ['call while roaming outside the EU: not a national tariff', { serviceCat: 'call', destination: 'roaming', isOob: true }, {}],
    ['call abroad: not a national tariff', { serviceCat: 'call', destination: 'international' }, {}],
    ['outgoing national SMS', { serviceCat: 'sms', serviceUsed: 1 }, { nationalSms: 1 }],
    ['incoming SMS', { serviceCat: 'sms', serviceUsed: 1, incoming: true }, {}],
    ['premium SMS', { serviceCat: 'sms', serviceUsed: 1, destination: 'premium' }, {}],
    ['national data', { serviceCat: 'data', serviceUsed: 5000 }, { dataBytes: 5000 }],
    ['data in the EU', { serviceCat: 'data', serviceUsed: 7000, destination: 'roaming' }, { dataBytes: 7000 }],
    ['data outside the EU', { serviceCat: 'data', serviceUsed: 7000, destination: 'roaming', isOob: true }, {}],
  ] as const)('%s', (_label, over, sums) => {
    const r = record(1, over);
    const usage = usageTotalsOf([
      {
        kind: r.serviceCat,
        incoming: r.incoming,
        destination: r.destination,
        outsideZone: r.isOob,
        used: r.serviceUsed,
        priceCents: r.resourceImpact,
      },
    ]);
    expect(profileOf(usage)).toEqual({ dataBytes: 0, nationalCallSeconds: 0, nationalSms: 0, ...sums });
  });

  it('averages the last cycles with the divisor 6 of docs/product/consumption.md "Average use", even when fewer cycles have use', async () => {
    const db = createDatabase('offers-profile-1');
    const cycles = [0, 1, 2, 3, 4, 5].map((m) => ({ from: Date.UTC(2025, 6 + m, 1), to: Date.UTC(2025, 7 + m, 1) - 1 }));
    // Use in two of the six cycles only: 600 s of calls and 12 MB in total.
    await putRecords(db, [
      record(1, { eventTime: Date.UTC(2025, 6, 5), serviceUsed: 360 }),
      record(2, { eventTime: Date.UTC(2025, 9, 5), serviceUsed: 240 }),
      record(3, { eventTime: Date.UTC(2025, 9, 6), serviceCat: 'data', serviceUsed: 12 * 1024 ** 2, serviceUnit: 'B' }),
      record(4, { eventTime: Date.UTC(2025, 9, 7), serviceCat: 'sms', serviceUsed: 6, serviceUnit: 'SMS' }),
      // Before the first cycle: not counted.
      record(5, { eventTime: Date.UTC(2025, 5, 20), serviceUsed: 6000 }),
    ]);
    const answer = await createUsageService(db).profile(9, cycles);
    expect(answer.perCycle).toHaveLength(6);
    expect(answer.perCycle[0]).toEqual({ dataBytes: 0, nationalCallSeconds: 360, nationalSms: 0 });
    expect(answer.average).toEqual({ dataBytes: 2 * 1024 ** 2, nationalCallSeconds: 100, nationalSms: 1 });
    expect(comparisonParams(answer.average, 'fr')).toMatchObject({ minutes: 2, sms: 1, data: 2 });
  });
});

describe('energy link state (docs/product/offers.md "Energy link")', () => {
  it.each([
    [
      { energyId: 'ME00000001', energyLinkConfirmed: true },
      { energyId: 'ME00000001', energyLinkConfirmed: true },
    ],
    [
      { energyId: 'ME00000001', energyLinkConfirmed: false },
      { energyId: 'ME00000001', energyLinkConfirmed: false },
    ],
    [
      { energyId: '', energyLinkConfirmed: true },
      { energyId: null, energyLinkConfirmed: false },
    ],
    [
      { energyId: '   ', energyLinkConfirmed: true },
      { energyId: null, energyLinkConfirmed: false },
    ],
    [
      { energyId: null, energyLinkConfirmed: true },
      { energyId: null, energyLinkConfirmed: false },
    ],
    [
      { energyId: undefined, energyLinkConfirmed: false },
      { energyId: null, energyLinkConfirmed: false },
    ],
  ])('%o is normalized to %o', (status, normalized) => {
    expect(normalizeLinkStatus(status)).toEqual(normalized);
  });

  it.each([
    ['confirmed with an id: updated', 'ME0', { energyId: 'ME00000003', energyLinkConfirmed: true }, 'ME00000003'],
    ['confirmed with an id, none before', null, { energyId: 'ME00000003', energyLinkConfirmed: true }, 'ME00000003'],
    ['not confirmed: kept', 'ME0', { energyId: 'ME00000003', energyLinkConfirmed: false }, 'ME0'],
    ['confirmed without an id: kept', 'ME0', { energyId: '', energyLinkConfirmed: true }, 'ME0'],
    ['nothing: kept empty', null, { energyId: null, energyLinkConfirmed: false }, null],
  ] as const)('the user’s energy reference: %s', (_label, current, status, expected) => {
    expect(energyRefAfterStatus(current, status)).toBe(expected);
  });

  it.each([
    ['owner', true, 'one-click'],
    ['owner', false, 'link'],
    ['admin', true, 'plain'],
    ['admin', false, 'plain'],
    ['user', true, 'plain'],
    [undefined, false, 'plain'],
  ] as const)('the energy entry of a %s (link confirmed: %s) is %s', (role, confirmed, kind) => {
    expect(energyEntryFor(role, confirmed).kind).toBe(kind);
  });
});

describe('energy link form (docs/product/validation.md "Energy link")', () => {
  const issue = (value: Record<string, unknown>) => {
    const parsed = energyLinkRequestSchema.safeParse(value);
    return parsed.success ? null : `${parsed.error.issues[0]?.path.join('.')}:${parsed.error.issues[0]?.message}`;
  };
  it.each([
    [{ login: 'ME00000005', password: 'x', accept: true }, null],
    [{ login: ' me00000005 ', password: 'x', accept: true }, null],
    [{ login: '', password: 'x', accept: true }, 'login:validation:required'],
    [{ login: 'MT00000005', password: 'x', accept: true }, 'login:validation:energyNumber'],
    [{ login: 'ME', password: 'x', accept: true }, 'login:validation:energyNumber'],
    [{ login: 'ME12a', password: 'x', accept: true }, 'login:validation:energyNumber'],
    [{ login: 'ME00000005', password: '', accept: true }, 'password:validation:required'],
    [{ login: 'ME00000005', password: 'x', accept: false }, 'accept:validation:conditions'],
  ])('%o → %s', (value, expected) => {
    expect(issue(value)).toBe(expected);
  });

  it('sends the login in upper case', () => {
    expect(energyLinkRequestSchema.parse({ login: ' me00000005 ', password: 'x', accept: true }).login).toBe('ME00000005');
  });
});
