import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.ts';

const cache = new WeakMap<Db, Map<string, Statement>>();

/**
 * A prepared statement, compiled once per database and SQL text. Routes run the same few queries on every
 * request; re-preparing them each time would dominate the cost of small requests.
 */
export const stmt = <P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> => {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let statement = perDb.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    perDb.set(sql, statement);
  }
  // The map holds statements of any shape; the caller states the shape of its own SQL.
  return statement as unknown as Statement<P, R>;
};

/** SQLite stores booleans as 0/1. */
export const bool = (value: number | null | undefined): boolean => value === 1;

/**
 * Runs `work` in an IMMEDIATE write transaction: the write lock is taken before the first read, so a concurrent
 * writer is waited out (the connection's busy timeout) instead of failing with SQLITE_BUSY after a deferred read.
 * Every change that reads then writes goes through here.
 */
export const writeTransaction = <T>(db: Db, work: () => T): T => db.transaction(work).immediate();
