import { describe, expect, it } from 'vitest';
import { dueCycleEvents, type CycleSnapshot } from '#server/lib/alert-rules';

/* The alert engine's thresholds: crossing, not re-sending, a bigger event replacing a smaller one, a new cycle. */

const GB = 1024 ** 3;
const snapshot = (patch: Partial<CycleSnapshot> & { data?: number; calls?: number } = {}): CycleSnapshot => ({
  cycleStart: '2026-11-05',
  usage: [
    { type: 'DATA', used: (patch.data ?? 0.5) * 20 * GB, bundle: 20 * GB },
    { type: 'CALL', used: (patch.calls ?? 0.1) * 30_000, bundle: 30_000 },
    { type: 'SMS', used: 500, bundle: 0 },
  ],
  spending: { OSG: 0, PSG: 0, DSG: 0 },
  alertThresholds: { OSG: 2000, PSG: 500, DSG: 0 },
  ...patch,
});

const keys = (s: CycleSnapshot, handled: string[] = []) =>
  dueCycleEvents(s, new Set(handled)).map((e) => `${e.key}${e.notify ? '' : ' (silent)'}`);

describe('due alerts', () => {
  it.each([
    ['nothing below 80 %', snapshot({ data: 0.79 }), [], []],
    ['80 % crossed', snapshot({ data: 0.8 }), [], ['80PC:DATA:2026-11-05']],
    ['80 % already sent', snapshot({ data: 0.95 }), ['80PC:DATA:2026-11-05'], []],
    ['100 % after 80 %', snapshot({ data: 1 }), ['80PC:DATA:2026-11-05'], ['100PC:DATA:2026-11-05']],
    ['a jump past 100 % sends 100 % only', snapshot({ data: 1.2 }), [], ['100PC:DATA:2026-11-05', '80PC:DATA:2026-11-05 (silent)']],
    ['both sent', snapshot({ data: 1.5 }), ['80PC:DATA:2026-11-05', '100PC:DATA:2026-11-05'], []],
    [
      'a new cycle re-arms',
      snapshot({ data: 0.85, cycleStart: '2026-12-05' }),
      ['80PC:DATA:2026-11-05', '100PC:DATA:2026-11-05'],
      ['80PC:DATA:2026-12-05'],
    ],
    ['calls and data each', snapshot({ data: 0.9, calls: 0.81 }), [], ['80PC:DATA:2026-11-05', '80PC:CALL:2026-11-05']],
    ['an unlimited bundle never alerts', snapshot({ usage: [{ type: 'SMS', used: 10_000, bundle: 0 }] }), [], []],
    ['out-of-bundle use starting', snapshot({ spending: { OSG: 150, PSG: 0, DSG: 0 } }), [], ['OOB:START:2026-11-05']],
    ['out-of-bundle use already announced', snapshot({ spending: { OSG: 900, PSG: 0, DSG: 0 } }), ['OOB:START:2026-11-05'], []],
    [
      'a threshold reached with the first spending: the threshold speaks, the start is silent',
      snapshot({ spending: { OSG: 2500, PSG: 0, DSG: 0 } }),
      [],
      ['OOB:OSG:2026-11-05', 'OOB:START:2026-11-05 (silent)'],
    ],
    [
      'a threshold crossed later',
      snapshot({ spending: { OSG: 2000, PSG: 600, DSG: 0 } }),
      ['OOB:START:2026-11-05'],
      ['OOB:OSG:2026-11-05', 'OOB:PSG:2026-11-05'],
    ],
    ['a threshold of 0 is no alert', snapshot({ spending: { OSG: 100, PSG: 0, DSG: 5000 } }), ['OOB:START:2026-11-05'], []],
    ['a threshold not reached', snapshot({ spending: { OSG: 1999, PSG: 499, DSG: 0 } }), ['OOB:START:2026-11-05'], []],
  ])('%s', (_name, s, handled, expected) => {
    expect(keys(s, handled)).toEqual(expected);
  });

  it('gives each usage event its percentage and usage type', () => {
    expect(dueCycleEvents(snapshot({ data: 0.83 }), new Set())).toEqual([
      { key: '80PC:DATA:2026-11-05', type: '80PC', notify: true, usage: 'DATA', percent: 83 },
    ]);
  });
});
