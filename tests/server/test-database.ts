import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#server/db/database';
import { connect } from '#server/db/engine';

/*
 * The database a server test runs on. Unset TEST_DATABASE_URL: a private in-memory SQLite database per call, seeded
 * (SQLite is the embedded default). TEST_DATABASE_URL=postgres://…: the same tests on PostgreSQL, each call a database
 * of its own copied from a template that tests/server/pg-global-setup.ts migrated and seeded once for the run
 * (CREATE DATABASE … TEMPLATE copies files: far faster than seeding 200,000 usage records per test file). `.ci/run`
 * runs the server tests once per engine.
 */

/** The PostgreSQL server the tests use (an administrative database on it), or null for SQLite. */
export const testPostgresUrl = (): string | null => process.env.TEST_DATABASE_URL || null;

export const testEngine = (): 'sqlite' | 'postgres' => (testPostgresUrl() ? 'postgres' : 'sqlite');

/** The URL of another database on the same server. */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs statements on the server's administrative database (CREATE and DROP DATABASE). */
export const adminQuery = async (serverUrl: string, text: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A new, empty database on the test server, named after the run. */
export const createEmptyDatabase = async (serverUrl: string, prefix = 'mobile_test'): Promise<{ name: string; url: string }> => {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${quoted(name)}`);
  return { name, url: databaseUrl(serverUrl, name) };
};

export const dropDatabase = async (serverUrl: string, name: string): Promise<void> => {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
};

const dropOnClose = new WeakMap<Db, () => Promise<void>>();
const urls = new WeakMap<Db, string>();

/** The URL of a PostgreSQL test database (for a second connection of a test's own). */
export const urlOfTestDatabase = (db: Db): string => {
  const url = urls.get(db);
  if (!url) throw new Error('not a PostgreSQL test database');
  return url;
};

export type TestDatabaseOptions = {
  /** Seed with this clock instead of copying the run's template (a test of the seed's dates). */
  now?: Date;
  /** Migrated only, no demo data. */
  seed?: false;
};

/**
 * A migrated, seeded database of the test's own: in-memory SQLite, or a PostgreSQL database copied from the run's
 * template (or seeded anew with `now`). Close it with `closeTestDatabase`.
 */
export const openTestDatabase = async (options: TestDatabaseOptions = {}): Promise<Db> => {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) return openDatabase(':memory:', options);
  const fresh = options.now !== undefined || options.seed === false;
  const name = `mobile_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(
    serverUrl,
    fresh ? `CREATE DATABASE ${quoted(name)}` : `CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(inject('pgTemplate'))}`,
  );
  const url = databaseUrl(serverUrl, name);
  const db = await openDatabase(url, { ...options, postgres: { poolSize: 5 } });
  dropOnClose.set(db, () => dropDatabase(serverUrl, name));
  urls.set(db, url);
  return db;
};

export const closeTestDatabase = async (db: Db): Promise<void> => {
  await closeDatabase(db);
  await dropOnClose.get(db)?.();
};

/**
 * Rows of a SQL statement written with `?` placeholders, run through Kysely on either engine (its `sql` tag binds the
 * values). For the tests' own checks: the SQL must be what both engines accept.
 */
export const sqlRows = async <R>(db: Db, text: string, ...values: unknown[]): Promise<R[]> => {
  const parts = text.split('?');
  const strings = Object.assign([...parts], { raw: [...parts] }) as TemplateStringsArray;
  return (await sql<R>(strings, ...values).execute(db)).rows;
};

/** The first row of `sqlRows`, or a test failure when there is none. */
export const sqlRow = async <R>(db: Db, text: string, ...values: unknown[]): Promise<R> => {
  const [row] = await sqlRows<R>(db, text, ...values);
  if (row === undefined) throw new Error(`no row for ${text}`);
  return row;
};

/** An empty database of the engine under test, not migrated (the migration runner's own tests). */
export const openEmptyDatabase = async (): Promise<Db> => {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) return connect(':memory:');
  const { name, url } = await createEmptyDatabase(serverUrl);
  const db = connect(url, { poolSize: 3 });
  dropOnClose.set(db, () => dropDatabase(serverUrl, name));
  urls.set(db, url);
  return db;
};

/**
 * Where an app that opens (and closes) its own database should open it: ':memory:' for SQLite, or the URL of a
 * PostgreSQL database copied from the run's template; `drop` removes it once the app is closed.
 */
export const reserveTestDatabase = async (): Promise<{ location: string; drop: () => Promise<void> }> => {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) return { location: ':memory:', drop: () => Promise.resolve() };
  const name = `mobile_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(inject('pgTemplate'))}`);
  return { location: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
};
