import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '#server/app';
import { createClock } from '#server/lib/clock';
import { createScheduler, type SchedulerLog } from '#server/lib/scheduler';
import { createTestApp, type TestApp } from './test-app.ts';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const MINUTE = 60_000;

const recordingLog = () => {
  const errors: string[] = [];
  const log: SchedulerLog = { error: (details) => errors.push(details.job) };
  return { log, errors };
};

/** A promise and the function that settles it, to hold a job in the middle of its run. */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

describe('scheduler', () => {
  it("gives every job the clock's now, also after the clock moved", async () => {
    const clock = createClock(() => T0);
    const scheduler = createScheduler(clock, recordingLog().log);
    const seen: string[] = [];
    scheduler.register({ name: 'orders', run: (now) => void seen.push(now.toISOString()) });
    await scheduler.runDue();
    clock.set(new Date('2026-12-01T00:00:00.000Z'));
    await scheduler.runDue();
    expect(seen).toEqual(['2026-11-22T10:00:00.000Z', '2026-12-01T00:00:00.000Z']);
  });

  it('runs jobs in registration order, each after the jobs it names in `after`', async () => {
    const scheduler = createScheduler(
      createClock(() => T0),
      recordingLog().log,
    );
    const ran: string[] = [];
    const job = (name: string, after?: string[]) => ({ name, ...(after ? { after } : {}), run: () => void ran.push(name) });
    scheduler.register(job('activation', ['billing']));
    scheduler.register(job('billing', ['orders']));
    scheduler.register(job('alerts'));
    scheduler.register(job('orders'));
    await scheduler.runDue();
    expect(ran).toEqual(['orders', 'billing', 'activation', 'alerts']);
  });

  it('refuses to start with an `after` that names no job, or that makes a cycle', () => {
    const unknown = createScheduler(
      createClock(() => T0),
      recordingLog().log,
    );
    unknown.register({ name: 'billing', after: ['orders'], run: () => undefined });
    expect(() => unknown.start(60_000)).toThrow('job billing runs after orders, which is not registered');
    const cycle = createScheduler(
      createClock(() => T0),
      recordingLog().log,
    );
    cycle.register({ name: 'a', after: ['b'], run: () => undefined });
    cycle.register({ name: 'b', after: ['a'], run: () => undefined });
    expect(() => cycle.start(60_000)).toThrow('make a cycle');
  });

  it.each([
    // minutes the clock moves before each run → the runs in which a job of `everyMs` = 5 minutes ran
    [
      [0, 1, 4],
      [true, false, true],
    ],
    [
      [0, 5, 10],
      [true, true, true],
    ],
    [
      [0, 2, -60],
      [true, false, true],
    ],
  ])('runs a job with everyMs only when due: clock steps %j → %j', async (steps, expected) => {
    let minutes = 0;
    const clock = createClock(() => new Date(T0.getTime() + minutes * MINUTE));
    const scheduler = createScheduler(clock, recordingLog().log);
    let runs = 0;
    scheduler.register({ name: 'alerts', everyMs: 5 * MINUTE, run: () => void (runs += 1) });
    const ran: boolean[] = [];
    for (const step of steps) {
      minutes += step;
      const before = runs;
      await scheduler.runDue();
      ran.push(runs > before);
    }
    expect(ran).toEqual(expected);
  });

  it('never overlaps runs: calls during a run wait for it and share one more run', async () => {
    const clock = createClock(() => T0);
    const scheduler = createScheduler(clock, recordingLog().log);
    const hold = gate();
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    scheduler.register({
      name: 'slow',
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        runs += 1;
        if (runs === 1) await hold.opened;
        active -= 1;
      },
    });
    const first = scheduler.runDue();
    const second = scheduler.runDue();
    const third = scheduler.runDue();
    expect(runs).toBe(1);
    hold.open();
    await Promise.all([first, second, third]);
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);
    expect(second).toBe(third);
  });

  it('logs a failing job and still runs the others', async () => {
    const clock = createClock(() => T0);
    const { log, errors } = recordingLog();
    const scheduler = createScheduler(clock, log);
    const ran: string[] = [];
    scheduler.register({
      name: 'throws',
      run: () => {
        throw new Error('boom');
      },
    });
    scheduler.register({ name: 'rejects', run: () => Promise.reject(new Error('async boom')) });
    scheduler.register({ name: 'fine', run: () => void ran.push('fine') });
    const outcomes = await scheduler.runDue();
    expect(outcomes.map((o) => [o.name, o.ok])).toEqual([
      ['throws', false],
      ['rejects', false],
      ['fine', true],
    ]);
    expect(ran).toEqual(['fine']);
    expect(errors).toEqual(['throws', 'rejects']);
    // The next run is not poisoned by the failures.
    await scheduler.runDue();
    expect(ran).toEqual(['fine', 'fine']);
  });

  it('refuses two jobs with one name', () => {
    const scheduler = createScheduler(createClock(), recordingLog().log);
    scheduler.register({ name: 'orders', run: () => undefined });
    expect(() => scheduler.register({ name: 'orders', run: () => undefined })).toThrow(/already registered/);
  });

  it('runs periodically once started, skipping ticks while a run is in progress, and stops', async () => {
    const clock = createClock(() => T0);
    const scheduler = createScheduler(clock, recordingLog().log);
    const hold = gate();
    let runs = 0;
    let finished = 0;
    scheduler.register({
      name: 'tick',
      run: async () => {
        runs += 1;
        await hold.opened;
        finished += 1;
      },
    });
    scheduler.start(5);
    await expect.poll(() => runs, { timeout: 10_000 }).toBe(1);
    // Several intervals pass while the first run is held: no second run starts.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(1);
    const stopped = scheduler.stop();
    hold.open();
    await stopped;
    // stop() waited for the run in progress, and no tick fires afterwards.
    expect(finished).toBe(1);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(after);
  });
});

describe('scheduler in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs the due jobs when the test-mode clock route moves time', async () => {
    const seen: string[] = [];
    appContext(t.app).scheduler.register({ name: 'probe', run: (now) => void seen.push(now.toISOString()) });
    const response = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: '2027-01-15T08:00:00.000Z' } });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual(['2027-01-15T08:00:00.000Z']);
    await appContext(t.app).scheduler.runDue();
    expect(seen).toHaveLength(2);
  });
});
