import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * Graceful shutdown on SIGTERM (docker stop, an orchestrator) and SIGINT (Ctrl-C): stop accepting connections,
 * let the requests in flight finish, then close the database (buildApp's onClose hook) and exit 0. Fastify's
 * close() stops listening, answers 503 to new requests on open keep-alive connections, and runs the onClose
 * hooks once every connection has closed.
 *
 * Which connections may be closed is decided here, not by Node: Node's closeIdleConnections() (which
 * server.close() and Fastify call) destroys a connection as soon as its response has *ended*, even when the end
 * of the body still sits in the socket's buffer waiting for a slow client; a download would lose its tail. Here
 * a connection is idle only once its response has been handed to the operating system ('finish'); a connection
 * whose response finishes during the shutdown is closed then.
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

/** Extra time after forcing connections closed, for the onClose hooks, before giving up. */
const FORCED_EXIT_GRACE_MS = 2_000;

/** Responses not yet handed to the operating system, per connection. */
const trackConnections = (server: Server, onIdle: (socket: Socket) => void): Map<Socket, number> => {
  const busy = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    busy.set(socket, 0);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    let done = false;
    const settle = (): void => {
      if (done) return;
      done = true;
      const left = (busy.get(socket) ?? 1) - 1;
      if (busy.has(socket)) busy.set(socket, left);
      if (left === 0) onIdle(socket);
    };
    // 'finish': the whole response is in the kernel's hands; 'close': the client went away first.
    response.once('finish', settle);
    response.once('close', settle);
  });
  return busy;
};

/**
 * Returns the signal handler. Call it before the server takes connections (it tracks them from the start).
 * Further signals during a shutdown join the one in progress.
 */
export const createShutdown = (app: FastifyInstance, options: ShutdownOptions): ((signal: string) => Promise<void>) => {
  let closing: Promise<void> | null = null;
  let shuttingDown = false;
  const busy = trackConnections(app.server, (socket) => {
    // Once shutting down, a connection whose last response went out is closed: the client reconnects elsewhere.
    if (shuttingDown) socket.destroy();
  });
  const closeIdle = (): void => {
    for (const [socket, responses] of busy) if (responses === 0) socket.destroy();
  };

  return (signal) => {
    if (closing) return closing;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    // Node's server.close() and Fastify call this; the tracked version spares responses still being sent.
    app.server.closeIdleConnections = closeIdle;
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
    const settle = (): void => {
      clearTimeout(force);
      clearTimeout(giveUp);
    };
    closing = app.close().then(
      () => {
        settle();
        app.log.info('shut down');
        options.exit(forced ? 1 : 0);
      },
      (error: unknown) => {
        settle();
        app.log.error({ err: error }, 'error while shutting down');
        options.exit(1);
      },
    );
    return closing;
  };
};
