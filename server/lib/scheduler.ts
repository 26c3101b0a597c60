import type { Clock } from './clock.ts';

/*
 * Background work driven by the server's clock (lib/clock.ts): "move PENDING orders whose date has passed",
 * "advance SIM provisioning", "evaluate usage alerts". A feature registers a job in its route module; a job
 * receives the clock's now and decides itself what is due (it reads the rows whose dates have passed), so running
 * it again is harmless.
 *
 * - In production the server calls `runDue` every `intervalMs` from an unref'd timer (it never keeps the process
 *   alive) once it listens, and stops before the database closes.
 * - The test-mode clock route (routes/test-mode.ts) moves the clock and then calls `runDue`, so a browser test
 *   sees the effect of moved time at once; server tests call `runDue` themselves (`appContext(app).scheduler`).
 * - Runs never overlap: a `runDue` during a run waits for it and then runs once more with the new now (calls
 *   made meanwhile share that one run); a timer tick during a run is skipped.
 * - A failing job is logged and the others still run; nothing a job throws reaches the process.
 */

export type Job = {
  /** Shown in the logs. */
  name: string;
  /** Runs at most once per `everyMs` of the clock's time; absent = on every run. */
  everyMs?: number;
  run: (now: Date) => void | Promise<void>;
};

export type JobOutcome = { name: string; ok: boolean; error?: unknown };

export type SchedulerLog = { error: (details: { err: unknown; job: string }, message: string) => void };

export type Scheduler = {
  register: (job: Job) => void;
  /** Runs the jobs that are due at the clock's now; resolves when they have all finished. */
  runDue: () => Promise<JobOutcome[]>;
  /** Starts the periodic runs (idempotent). */
  start: (intervalMs: number) => void;
  /** Stops the periodic runs and waits for a run in progress. */
  stop: () => Promise<void>;
};

export const DEFAULT_SCHEDULER_INTERVAL_MS = 30_000;

export const createScheduler = (clock: Clock, log: SchedulerLog): Scheduler => {
  const jobs: Job[] = [];
  /** Clock time of each job's last run, to honour `everyMs`. */
  const lastRun = new Map<string, number>();
  let running: Promise<JobOutcome[]> | null = null;
  let queued: Promise<JobOutcome[]> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const isDue = (job: Job, nowMs: number): boolean => {
    const last = lastRun.get(job.name);
    // A clock moved backwards (the test clock returning to real time) makes every job due again.
    return job.everyMs === undefined || last === undefined || nowMs < last || nowMs - last >= job.everyMs;
  };

  const runOnce = async (): Promise<JobOutcome[]> => {
    const now = clock.now();
    const outcomes: JobOutcome[] = [];
    for (const job of jobs) {
      if (!isDue(job, now.getTime())) continue;
      lastRun.set(job.name, now.getTime());
      try {
        await job.run(new Date(now.getTime()));
        outcomes.push({ name: job.name, ok: true });
      } catch (error) {
        log.error({ err: error, job: job.name }, `scheduled job ${job.name} failed`);
        outcomes.push({ name: job.name, ok: false, error });
      }
    }
    return outcomes;
  };

  const startRun = (): Promise<JobOutcome[]> => {
    const run = runOnce().finally(() => {
      running = null;
    });
    running = run;
    return run;
  };

  const runDue = (): Promise<JobOutcome[]> => {
    if (!running) return startRun();
    // One follow-up run after the current one, shared by every caller that arrives meanwhile.
    queued ??= running.then(
      () => {
        queued = null;
        return startRun();
      },
      () => {
        queued = null;
        return startRun();
      },
    );
    return queued;
  };

  return {
    register: (job) => {
      if (jobs.some((existing) => existing.name === job.name)) throw new Error(`a job named ${job.name} is already registered`);
      jobs.push(job);
    },
    runDue,
    start: (intervalMs) => {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        // runOnce catches every job's error; this catch is for a bug in the scheduler itself.
        startRun().catch((error: unknown) => log.error({ err: error, job: '(scheduler)' }, 'scheduler run failed'));
      }, intervalMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await (queued ?? running)?.catch(() => undefined);
    },
  };
};
