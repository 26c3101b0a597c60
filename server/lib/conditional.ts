import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/*
 * Conditional updates (docs/architecture.md "Writing: queued mutations"): a change made offline carries the version it was based on,
 * either as `If-Match` (the entity's lastUpdate, quoted or not) or as `lastUpdate` in the body. When the entity
 * changed meanwhile, the change is refused with 412 instead of silently overwriting someone else's edit.
 */

export const staleData = (): ApiError => new ApiError(412, 'staleData', 'The data changed since it was read');

/** The base version the client claims, `If-Match` first; undefined when the client sent none (unconditional). */
export const baseVersionOf = (request: FastifyRequest, bodyLastUpdate: string | undefined): string | undefined => {
  const header: unknown = request.headers['if-match'];
  const first: unknown = Array.isArray(header) ? (header as unknown[])[0] : header;
  const raw = typeof first === 'string' ? first : undefined;
  if (raw && raw.trim() !== '*')
    return raw
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
  return bodyLastUpdate;
};

/** Throws 412 when the client's base version is not the current one. */
export const requireCurrentVersion = (base: string | undefined, current: string): void => {
  if (base !== undefined && base !== current) throw staleData();
};

/** A new lastUpdate strictly after the previous one, so that two edits in the same millisecond still differ. */
export const nextVersion = (previous: string, now: Date): string => {
  const prev = Date.parse(previous);
  const next = Number.isNaN(prev) || now.getTime() > prev ? now.getTime() : prev + 1;
  return new Date(next).toISOString();
};
