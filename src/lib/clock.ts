/*
 * The page's clock (docs/decisions/0010-time-is-an-input.md "One clock is injected"): what the app reads "now" from
 * for its rules (the outbox's order and back-off, the age of home's usage), so that a test moves one clock. In the
 * browser tests, Playwright's clock pins the page's `Date`, and so this one.
 */

let clock: () => number = () => Date.now();

export const now = (): number => clock();

/**
 * Tests move the clock.
 * @internal Exported for its tests (knip --production).
 */
export const setClock = (next: () => number): void => {
  clock = next;
};
