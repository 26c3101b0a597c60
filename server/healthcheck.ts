import { loadConfig } from './config.ts';

/*
 * The container's HEALTHCHECK (Dockerfile): exits 0 when the server on this machine answers GET
 * /api/public/ready with 200 within 3 seconds, 1 otherwise. Reads the port from the same configuration as the
 * server, so both agree whatever PORT is set to.
 */

const config = loadConfig(process.env);
const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/public/ready`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
