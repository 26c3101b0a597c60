import timekeeper from 'timekeeper';
import { runClockOffset } from '#contract/fixtures/clock';

/*
 * Every test file runs on the run's pinned clock (contract/fixtures/clock.ts): `Date` starts at TEST_NOW and flows at
 * the real pace (timekeeper's travel), the same in every worker as in the global setup's seed. Only `Date` is
 * replaced: timers stay real, so a test that waits still waits, and a test may still fake its own timers
 * (vi.useFakeTimers leaves a `Date` it does not fake as it found it).
 *
 * Once per worker: a worker that keeps its modules from one file to the next runs this again with `Date` already
 * moved.
 */
const moved = Symbol.for('mobile-self-service.pinned-clock');
const holder = globalThis as { [moved]?: true };
if (!holder[moved]) {
  timekeeper.travel(new Date(Date.now() + runClockOffset(process.env)));
  holder[moved] = true;
}
