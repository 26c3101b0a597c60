/*
 * The heights and offsets of the rows of a long virtualized list whose rows are measured as they render. A
 * Fenwick tree (binary indexed tree) of the heights answers "where does row i start", "which row is at this
 * offset" and "how tall is the list" in O(log n), and takes a measured height in O(log n): with 200,000 rows, a
 * measurement never recomputes the offsets of the rows after it (which is what made a list of that size block
 * the page for seconds). Rows not measured yet count at the estimate. Pure; no DOM.
 */

export type RowHeights = {
  readonly count: number;
  /** Records a row's measured height; false when it did not change. */
  set: (index: number, height: number) => boolean;
  heightOf: (index: number) => number;
  /** Where row `index` starts: the sum of the heights of the rows before it (`count` gives the total). */
  offsetOf: (index: number) => number;
  total: () => number;
  /** The row under `offset` (the first or the last row outside the list). */
  indexAt: (offset: number) => number;
};

export const createRowHeights = (count: number, estimate: number): RowHeights => {
  const heights = new Float64Array(count).fill(estimate);
  // tree[i] holds the sum of heights (i - lowbit(i), i], 1-based; built in O(n).
  const tree = new Float64Array(count + 1);
  for (let i = 1; i <= count; i++) {
    tree[i]! += estimate;
    const parent = i + (i & -i);
    if (parent <= count) tree[parent]! += tree[i]!;
  }
  let topBit = 1;
  while (topBit * 2 <= count) topBit *= 2;

  const offsetOf = (index: number): number => {
    let sum = 0;
    for (let i = Math.min(Math.max(index, 0), count); i > 0; i -= i & -i) sum += tree[i]!;
    return sum;
  };

  return {
    count,
    set: (index, height) => {
      if (index < 0 || index >= count) return false;
      const delta = height - heights[index]!;
      if (delta === 0) return false;
      heights[index] = height;
      for (let i = index + 1; i <= count; i += i & -i) tree[i]! += delta;
      return true;
    },
    heightOf: (index) => heights[index] ?? 0,
    offsetOf,
    total: () => offsetOf(count),
    indexAt: (offset) => {
      if (count === 0) return 0;
      // The largest `pos` whose offset is <= offset, found by descending the tree's powers of two.
      let pos = 0;
      let rest = offset;
      for (let step = topBit; step > 0; step >>= 1) {
        const next = pos + step;
        if (next <= count && tree[next]! <= rest) {
          pos = next;
          rest -= tree[next]!;
        }
      }
      return Math.min(pos, count - 1);
    },
  };
};
