import type { TestProject } from 'vitest/node';
import { closeDatabase, openDatabase } from '#server/db/database';
import { adminQuery, databaseUrl, dropDatabase } from './test-database.ts';

/*
 * Vitest global set-up (vitest.config.ts): with TEST_DATABASE_URL, one PostgreSQL database migrated and seeded for the
 * whole run, the template every test file copies (tests/server/test-database.ts). Without it, nothing: SQLite tests
 * open their own in-memory databases.
 */

declare module 'vitest' {
  // Vitest's typed `provide`/`inject` are declared by augmenting this interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

let template: { serverUrl: string; name: string } | null = null;

export const setup = async (project: TestProject): Promise<void> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `mobile_template_${process.pid}_${Date.now()}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  template = { serverUrl, name };
  // Seeded with the real clock, as the SQLite tests seed theirs when they open their database.
  const db = await openDatabase(databaseUrl(serverUrl, name));
  await closeDatabase(db);
  project.provide('pgTemplate', name);
};

export const teardown = async (): Promise<void> => {
  if (template) await dropDatabase(template.serverUrl, template.name);
};
