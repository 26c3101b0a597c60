import { dequal } from 'dequal';
import { useRef } from 'react';

/**
 * `value`, or the one this hook returned before while it holds the same data. A live query answers a new object
 * each time it reads, also when nothing changed: its first reading after a screen's first frame (lib/first-frame.ts)
 * is the same rows the frame started from, and a write elsewhere in a table makes it read again. Passed on as it
 * is, every such reading re-renders every part that receives it; kept, the memoized parts skip it (issue 41: home's
 * takeover re-rendered its gauges and lines a dozen times at start, each a long task at 4× CPU). The previous value
 * is a cache of equal data, never stale: a reading with other data replaces it in the same render.
 */
export const useStable = <T>(value: T): T => {
  const kept = useRef(value);
  if (kept.current !== value && !dequal(kept.current, value)) kept.current = value;
  return kept.current;
};
