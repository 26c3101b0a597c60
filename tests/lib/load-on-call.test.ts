import { describe, expect, it, vi } from 'vitest';
import { loadOnCall } from '#lib/load-on-call';

/* A module's function loaded on its first call (src/lib/load-on-call.ts): once, and again after a failed load. */

describe('loadOnCall', () => {
  it('loads nothing until called, then once for every later call, and passes the arguments through', async () => {
    const add = vi.fn((a: number, b: number) => Promise.resolve(a + b));
    const load = vi.fn(() => Promise.resolve(add));
    const lazyAdd = loadOnCall(load);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([lazyAdd(1, 2), lazyAdd(3, 4)])).resolves.toEqual([3, 7]);
    await expect(lazyAdd(5, 6)).resolves.toBe(11);
    expect(load).toHaveBeenCalledTimes(1);
    expect(add.mock.calls).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('reports a failed load to the call, and loads again on the next one', async () => {
    const load = vi
      .fn<() => Promise<(n: number) => Promise<number>>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue((n) => Promise.resolve(n * 2));
    const double = loadOnCall(load);
    await expect(double(2)).rejects.toThrow('chunk failed');
    await expect(double(2)).resolves.toBe(4);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
