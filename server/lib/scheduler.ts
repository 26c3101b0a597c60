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
 * - Across instances on one database, each job is claimed before it runs (`claim`, server/db/engine.ts claimJob): one
 *   instance runs it at a time, the time of its last run is shared, and a run cut short by an instance's death is
 *   run again by the next instance to look (a job decides from the rows what is due, so it finishes the work and
 *   repeats nothing). Without a database (unit tests) the times are kept in memory.
 * - A failing job is logged and the others still run; nothing a job throws reaches the process.
 * - Jobs run in the order they were registered, which is the route files' order (app.ts loads them by name), except
 *   that a job runs after those it names in `after`: an order between areas is said by the job that depends on it.
 */

export type Job = {
  /** Shown in the logs. */
  name: string;
  /** Runs at most once per `everyMs` of the clock's time; absent = on every run. */
  everyMs?: number;
  /** Jobs that run before this one within a run (names of registered jobs). */
  after?: readonly string[];
  run: (now: Date) => void | Promise<void>;
};

/** The jobs in registration order, each moved behind the jobs it names in `after`. */
const runOrder = (jobs: readonly Job[]): Job[] => {
  const ordered: Job[] = [];
  const visiting = new Set<string>();
  const visit = (job: Job): void => {
    if (ordered.includes(job)) return;
    if (visiting.has(job.name)) throw new Error(`the jobs' \`after\` lists make a cycle through ${job.name}`);
    visiting.add(job.name);
    for (const name of job.after ?? []) {
      const before = jobs.find((other) => other.name === name);
      if (!before) throw new Error(`job ${job.name} runs after ${name}, which is not registered`);
      visit(before);
    }
    visiting.delete(job.name);
    ordered.push(job);
  };
  jobs.forEach(visit);
  return ordered;
};

export type JobOutcome = { name: string; ok: boolean; error?: unknown };

export type SchedulerLog = { error: (details: { err: unknown; job: string }, message: string) => void };

/**
 * Runs `run` if the job is due (`isDue` is given the time of its last run, null for never) and no one else runs it;
 * records the run. What server/db/engine.ts `claimJob` does for a database.
 */
export type ClaimJob = (
  name: string,
  isDue: (lastRunMs: number | null) => boolean,
  run: () => Promise<void>,
  nowMs: number,
) => Promise<'ran' | 'notDue' | 'busy'>;

/** One process and no database: the last runs in memory. */
const inMemoryClaim = (): ClaimJob => {
  const lastRun = new Map<string, number>();
  return async (name, isDue, run, nowMs) => {
    if (!isDue(lastRun.get(name) ?? null)) return 'notDue';
    lastRun.set(name, nowMs);
    await run();
    return 'ran';
  };
};

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

export const createScheduler = (clock: Clock, log: SchedulerLog, claim: ClaimJob = inMemoryClaim()): Scheduler => {
  const jobs: Job[] = [];
  let running: Promise<JobOutcome[]> | null = null;
  let queued: Promise<JobOutcome[]> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const isDue = (job: Job, nowMs: number, last: number | null): boolean =>
    // A clock moved backwards (the test clock returning to real time) makes every job due again.
    job.everyMs === undefined || last === null || nowMs < last || nowMs - last >= job.everyMs;

  const runOnce = async (): Promise<JobOutcome[]> => {
    const nowMs = clock.now().getTime();
    const outcomes: JobOutcome[] = [];
    for (const job of runOrder(jobs)) {
      try {
        const claimed = await claim(
          job.name,
          (last) => isDue(job, nowMs, last),
          async () => job.run(new Date(nowMs)),
          nowMs,
        );
        if (claimed === 'ran') outcomes.push({ name: job.name, ok: true });
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
      // A wrong `after` (an unknown job, a cycle) stops the start instead of failing every run.
      runOrder(jobs);
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
