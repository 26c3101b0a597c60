import { describe, expect, it } from 'vitest';
import { createRowHeights } from '#lib/row-heights';

/** The same answers computed the slow way, from a plain array of heights. */
const naive = (heights: number[]) => ({
  offsetOf: (i: number) => heights.slice(0, Math.max(0, Math.min(i, heights.length))).reduce((a, b) => a + b, 0),
  indexAt: (offset: number) => {
    let start = 0;
    for (let i = 0; i < heights.length; i++) {
      if (offset < start + heights[i]!) return i;
      start += heights[i]!;
    }
    return heights.length - 1;
  },
});

describe('row heights', () => {
  it.each([
    // count, estimate, measured rows [index, height]
    [1, 72, []],
    [5, 72, [[2, 96]]],
    [
      7,
      72,
      [
        [0, 60],
        [6, 118],
        [3, 72],
      ],
    ],
    [
      16,
      40,
      [
        [15, 10],
        [8, 200],
        [1, 41],
      ],
    ],
    [
      1000,
      72,
      [
        [999, 140],
        [0, 62],
        [512, 118],
        [513, 96],
      ],
    ],
  ] as [number, number, [number, number][]][])('%i rows at %i px with %j measured', (count, estimate, measured) => {
    const rows = createRowHeights(count, estimate);
    const plain = new Array<number>(count).fill(estimate);
    for (const [index, height] of measured) {
      rows.set(index, height);
      plain[index] = height;
    }
    const check = naive(plain);
    for (let i = 0; i <= count; i++) expect(rows.offsetOf(i)).toBe(check.offsetOf(i));
    expect(rows.total()).toBe(check.offsetOf(count));
    for (let offset = -10; offset < rows.total() + 50; offset += 7) expect(rows.indexAt(offset)).toBe(check.indexAt(offset));
  });

  it('says whether a measurement changed anything, and ignores rows outside the list', () => {
    const rows = createRowHeights(3, 50);
    expect(rows.set(1, 50)).toBe(false);
    expect(rows.set(1, 80)).toBe(true);
    expect(rows.set(1, 80)).toBe(false);
    expect(rows.set(3, 80)).toBe(false);
    expect(rows.set(-1, 80)).toBe(false);
    expect(rows.heightOf(1)).toBe(80);
    expect(rows.total()).toBe(180);
  });

  it('an empty list has no height', () => {
    const rows = createRowHeights(0, 72);
    expect(rows.total()).toBe(0);
    expect(rows.indexAt(100)).toBe(0);
  });

  // How fast (the virtual list's first frame) is measured by the browser in `npm run bench`, not timed here.
  it('200,000 rows with scattered measured heights: every offset and index still exact', () => {
    const rows = createRowHeights(200_000, 72);
    for (let i = 0; i < 200_000; i += 997) rows.set(i, 96);
    expect(rows.offsetOf(200_000)).toBe(200_000 * 72 + Math.ceil(200_000 / 997) * 24);
    expect(rows.indexAt(rows.offsetOf(150_000) + 1)).toBe(150_000);
  });
});
