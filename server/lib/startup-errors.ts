import type { ServerConfig } from '../config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

/*
 * What a failed start prints (server/main.ts): one line that says what is wrong and what to change, never a stack
 * trace, which tells an operator nothing and may show paths and internals (docs/product/operations.md "Start-up").
 */

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** The one line of a start-up failure. */
export const startupFailure = (error: unknown, config?: Pick<ServerConfig, 'port' | 'host' | 'dataDir'>): string => {
  if (error instanceof DataDirLockedError) return `Cannot start: ${error.message}`;
  const code = codeOf(error);
  if (config && code === 'EADDRINUSE')
    return `Cannot start: port ${config.port} is already in use on ${config.host}. Stop what uses it, or set PORT.`;
  if (config && (code === 'EACCES' || code === 'EPERM') && error instanceof Error && /listen/.test(error.message))
    return `Cannot start: not allowed to listen on port ${config.port} (ports below 1024 need privileges). Set PORT.`;
  if (config && code === 'EADDRNOTAVAIL') return `Cannot start: ${config.host} is not an address of this machine. Set HOST.`;
  if (config && (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'))
    return `Cannot start: ${config.dataDir}/app.sqlite is not a readable database (${error instanceof Error ? error.message : code}).`;
  if (config && (code === 'EACCES' || code === 'EROFS' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY'))
    return `Cannot start: DATA_DIR ${config.dataDir} cannot be written (${code}). Give the server's user write access, or set DATA_DIR.`;
  const message = error instanceof Error ? error.message : String(error);
  // The first line only: a message may carry a multi-line detail (a SQL statement, a nested cause).
  return `Cannot start: ${message.split('\n')[0] ?? message}`;
};
