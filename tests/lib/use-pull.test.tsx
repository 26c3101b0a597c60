// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePull, type PullCallOptions } from '#lib/use-pull';

/*
 * The one hook behind every screen's refresh (src/lib/use-pull.ts): it pulls when its arguments are known or
 * change, reports progress and failures for the current arguments only, and offers an explicit refresh.
 */

type Deferred = { resolve: () => void; reject: (error: unknown) => void; options: PullCallOptions };

/** A pull whose calls the test settles one by one. */
const controlledPull = () => {
  const calls: { args: unknown[]; deferred: Deferred }[] = [];
  const pull = vi.fn(
    (...params: unknown[]) =>
      new Promise<void>((resolve, reject) => {
        const options = params.at(-1) as PullCallOptions;
        calls.push({ args: params.slice(0, -1), deferred: { resolve, reject, options } });
      }),
  );
  return { pull: pull as unknown as (id: number, period: string, options: PullCallOptions) => Promise<void>, calls };
};

describe('usePull', () => {
  it('pulls nothing while its arguments are unknown, and is settled', () => {
    const { pull, calls } = controlledPull();
    const { result } = renderHook(() => usePull(null, pull));
    expect(calls).toEqual([]);
    expect(result.current).toMatchObject({ settled: true, refreshError: null, progress: null });
  });

  it('pulls with the arguments once known; settled when the pull is over, with its failure kept', async () => {
    const { pull, calls } = controlledPull();
    const { result } = renderHook(() => usePull([7, 'current'], pull));
    expect(calls.map((c) => [c.args, c.deferred.options.force])).toEqual([[[7, 'current'], false]]);
    expect(result.current.settled).toBe(false);
    const offline = new Error('offline');
    act(() => calls[0]!.deferred.reject(offline));
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.refreshError).toBe(offline);
  });

  it('an explicit refresh forces the pull and clears the failure when it succeeds', async () => {
    const { pull, calls } = controlledPull();
    const { result } = renderHook(() => usePull([7, 'current'], pull));
    act(() => calls[0]!.deferred.reject(new Error('offline')));
    await waitFor(() => expect(result.current.refreshError).not.toBeNull());
    let refreshed: Promise<void> = Promise.resolve();
    act(() => {
      refreshed = result.current.refresh();
    });
    expect(calls[1]?.deferred.options.force).toBe(true);
    act(() => calls[1]!.deferred.resolve());
    await act(() => refreshed);
    expect(result.current.refreshError).toBeNull();
  });

  it('follows its arguments: the previous pull’s late answer, failure and progress never show for the new ones', async () => {
    const { pull, calls } = controlledPull();
    const { result, rerender } = renderHook(({ id }) => usePull([id, 'current'], pull), { initialProps: { id: 7 } });
    act(() => calls[0]!.deferred.options.onProgress?.({ loaded: 10, total: 100 }));
    expect(result.current.progress).toEqual({ loaded: 10, total: 100 });
    rerender({ id: 8 });
    expect(calls.map((c) => c.args)).toEqual([
      [7, 'current'],
      [8, 'current'],
    ]);
    expect(result.current).toMatchObject({ settled: false, progress: null });
    act(() => {
      calls[0]!.deferred.options.onProgress?.({ loaded: 50, total: 100 });
      calls[0]!.deferred.reject(new Error('late failure of contract 7'));
    });
    expect(result.current).toMatchObject({ settled: false, progress: null, refreshError: null });
    act(() => calls[1]!.deferred.options.onProgress?.({ loaded: 1, total: 2 }));
    expect(result.current.progress).toEqual({ loaded: 1, total: 2 });
    act(() => calls[1]!.deferred.resolve());
    await waitFor(() => expect(result.current).toMatchObject({ settled: true, progress: null, refreshError: null }));
  });

  it('the same arguments in a new array do not pull again', () => {
    const { pull, calls } = controlledPull();
    const { rerender } = renderHook(() => usePull([7, 'current'], pull));
    rerender();
    rerender();
    expect(calls).toHaveLength(1);
  });
});
