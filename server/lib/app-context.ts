import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';

/** What every plugin and route module receives from buildApp: passed explicitly, no Fastify decorators. */
export type AppContext = {
  db: Db;
  clock: Clock;
  testMode: boolean;
  version: string;
  /** Mutable runtime switches (test mode toggles maintenance). */
  state: { maintenance: boolean };
};
