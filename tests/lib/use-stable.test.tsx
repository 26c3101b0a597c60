// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStable } from '#lib/use-stable';

describe('useStable', () => {
  it('keeps the value it returned while a new one holds the same data', () => {
    const first = { data: { contracts: [{ id: 7, msisdn: '32470000001' }], fetchedAt: 1 } };
    const { result, rerender } = renderHook(({ value }) => useStable(value), { initialProps: { value: first } });
    expect(result.current).toBe(first);
    rerender({ value: { data: { contracts: [{ id: 7, msisdn: '32470000001' }], fetchedAt: 1 } } });
    expect(result.current).toBe(first);
  });

  it('returns a value with other data at once, and keeps that one from then on', () => {
    const first = { data: { fetchedAt: 1 } };
    const { result, rerender } = renderHook(({ value }) => useStable(value), { initialProps: { value: first } });
    const second = { data: { fetchedAt: 2 } };
    rerender({ value: second });
    expect(result.current).toBe(second);
    rerender({ value: { data: { fetchedAt: 2 } } });
    expect(result.current).toBe(second);
    rerender({ value: undefined as unknown as typeof first });
    expect(result.current).toBeUndefined();
  });
});
