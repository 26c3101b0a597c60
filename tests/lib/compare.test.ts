import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '#lib/compare';

describe('compareCodeUnits', () => {
  it('orders ISO timestamps chronologically', () => {
    const times = ['2026-03-01T10:00:00.000Z', '2025-12-31T23:59:59.999Z', '2026-03-01T09:59:59.000Z'];
    expect(times.toSorted(compareCodeUnits)).toEqual(['2025-12-31T23:59:59.999Z', '2026-03-01T09:59:59.000Z', '2026-03-01T10:00:00.000Z']);
  });

  it('is 0 for equal strings, so a second key decides', () => {
    expect(compareCodeUnits('2026-01-01', '2026-01-01')).toBe(0);
    expect(compareCodeUnits('a', 'b')).toBeLessThan(0);
    expect(compareCodeUnits('b', 'a')).toBeGreaterThan(0);
  });

  it('does not depend on the locale (code units: upper case before lower case)', () => {
    expect(['b', 'B', 'a'].toSorted(compareCodeUnits)).toEqual(['B', 'a', 'b']);
  });
});
