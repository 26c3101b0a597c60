import type { FastifyInstance } from 'fastify';

/*
 * Graceful shutdown on SIGTERM (docker stop, an orchestrator) and SIGINT (Ctrl-C): stop accepting connections,
 * let the requests in flight finish, then close the database (buildApp's onClose hook) and exit 0. Fastify's
 * close() does most of it: it stops listening, answers 503 to new requests on open keep-alive connections, and
 * runs the onClose hooks once every connection has closed; this module closes connections as they fall idle.
 *
 * The wait is bounded: a request still running after `timeoutMs` (a download that never ends, a client that
 * stopped reading) has its connection closed, and the process exits 1 so the forced stop shows in the logs and
 * the exit status. Docker sends SIGKILL 10 s after SIGTERM unless told otherwise (compose.yaml gives more).
 */

type ShutdownOptions = {
  timeoutMs: number;
  /** process.exit in production; tests pass a recorder. */
  exit: (code: number) => void;
};

const IDLE_SWEEP_MS = 50;

/** Extra time after forcing connections closed, for the onClose hooks, before giving up. */
const FORCED_EXIT_GRACE_MS = 2_000;

/** Returns the signal handler. Further signals during a shutdown join the one in progress. */
export const createShutdown = (app: FastifyInstance, options: ShutdownOptions): ((signal: string) => Promise<void>) => {
  let closing: Promise<void> | null = null;
  return (signal) => {
    if (closing) return closing;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    let forced = false;
    let giveUp: NodeJS.Timeout | undefined;
    const force = setTimeout(() => {
      forced = true;
      app.log.warn({ timeoutMs: options.timeoutMs }, 'requests still in flight at the shutdown timeout: closing their connections');
      app.server.closeAllConnections();
      giveUp = setTimeout(() => options.exit(1), FORCED_EXIT_GRACE_MS);
      giveUp.unref();
    }, options.timeoutMs);
    force.unref();
    // Node closes the idle keep-alive connections once, when it stops listening; a connection whose request
    // finishes later would stay open until its keep-alive timeout and hold the close. Close those as they idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    idle.unref();
    closing = app.close().then(
      () => {
        clearInterval(idle);
        clearTimeout(force);
        clearTimeout(giveUp);
        app.log.info('shut down');
        options.exit(forced ? 1 : 0);
      },
      (error: unknown) => {
        clearInterval(idle);
        clearTimeout(force);
        clearTimeout(giveUp);
        app.log.error({ err: error }, 'error while shutting down');
        options.exit(1);
      },
    );
    return closing;
  };
};
