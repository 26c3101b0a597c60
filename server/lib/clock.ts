/**
 * The server's notion of "now". Expiry checks read it instead of `new Date()` so tests (and the test-mode
 * clock route) can move time without sleeping.
 */
export type Clock = {
  now: () => Date;
  /** Pins the clock to an instant; `null` returns to the base clock. Used by the test-mode route only. */
  set: (instant: Date | null) => void;
};

export const createClock = (base: () => Date = () => new Date()): Clock => {
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned.getTime()) : base()),
    set: (instant) => {
      pinned = instant;
    },
  };
};

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 24 * 60 * 60 * 1000);

/** Calendar months, clamped like most billing systems: 30 Nov + 3 months = 28 Feb. */
export const addMonths = (date: Date, months: number): Date => {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};
