import { describe, expect, it } from 'vitest';
import type { LineChangeRow } from '#db/schema';
import { pendingZoneOf } from '#features/travel/data/use-travel-guide.ts';

const change = (id: number, resource: string, newValue: string, status: LineChangeRow['status'], applyAt = ''): LineChangeRow => ({
  id,
  orderRef: `R-${id}`,
  kind: 'SETTING',
  resource,
  oldValue: null,
  newValue,
  status,
  createdAt: '2026-11-24T09:00:00.000Z',
  applyAt,
  executedAt: null,
  error: null,
});

describe('pendingZoneOf: the roaming change the travel guide says is on its way', () => {
  it.each<[string, LineChangeRow[], ReturnType<typeof pendingZoneOf>]>([
    ['none', [], null],
    ['another setting', [change(1, 'THROTTLING', '2M', 'PENDING')], null],
    [
      'requested',
      [change(1, 'ROAMING', 'WORLD_COVERAGE', 'PENDING', '2026-11-24T13:00:00.000Z')],
      { zone: 'WORLD_COVERAGE', applyAt: '2026-11-24T13:00:00.000Z' },
    ],
    ['queued, no instant yet', [change(1, 'ROAMING', 'EU_INCLUDE_SWISS', 'QUEUED')], { zone: 'EU_INCLUDE_SWISS', applyAt: null }],
    [
      'made on this device, not answered yet',
      [change(-1, 'ROAMING', 'WORLD_COVERAGE', 'PENDING')],
      { zone: 'WORLD_COVERAGE', applyAt: null },
    ],
    ['applied', [change(1, 'ROAMING', 'WORLD_COVERAGE', 'SUCCESS')], null],
    ['failed', [change(1, 'ROAMING', 'WORLD_COVERAGE', 'FAILED')], null],
    [
      'the latest counts, a cancelled one not',
      [change(1, 'ROAMING', 'EU_INCLUDE_SWISS', 'PENDING'), change(2, 'ROAMING', 'WORLD_COVERAGE', 'CANCELED')],
      { zone: 'EU_INCLUDE_SWISS', applyAt: null },
    ],
    ['a value this build does not know', [change(1, 'ROAMING', 'MARS', 'PENDING')], null],
  ])('%s', (_name, changes, expected) => {
    expect(pendingZoneOf(changes)).toEqual(expected);
  });
});
