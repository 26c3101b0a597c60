import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, openDatabase, serializeSqlite, type Db } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';
import { connect } from '#server/db/engine';
import { seedFile } from '../global-setup.ts';

/*
 * The database a server test runs on, a seeded demo database of its own, copied from the run's seed
 * (tests/global-setup.ts makes it once): unset TEST_DATABASE_URL, an in-memory SQLite database opened from the seed's
 * bytes; TEST_DATABASE_URL=postgres://…, the same tests on PostgreSQL, each call a database copied from the run's
 * template (CREATE DATABASE … TEMPLATE copies files). Either way far faster than seeding 200,000 usage records per
 * test file. A test that seeds at a fixed date gets a copy of a seed at that date, made by the first file that asks
 * (the others wait for it) and kept for the run. `.ci/run` runs the server tests once per engine.
 *
 * Every copy is a database of its own: a test's writes never reach another file. The seed itself is tested in
 * seed.test.ts, which seeds on its own.
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

// ---------------------------------------------------------------------------------------------------------------
// The run's seeds
// ---------------------------------------------------------------------------------------------------------------

const LOCK_POLL_MS = 100;
/** A seed that takes longer than this on a loaded machine is taken over (its writer probably died). */
const LOCK_STALE_MS = 180_000;

const seedCacheDir = (): string | undefined => inject('seedCacheDir') || undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The content of `file` in the run's cache folder, made by `make` if no file of this run made it yet: the first file
 * that asks writes it, the others wait for it (a lock file), so two files starting at once do not both seed.
 */
const onceInRun = async (file: string, make: () => Promise<Buffer>): Promise<Buffer> => {
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return fs.readFileSync(file);
    let mine = false;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      mine = true;
    } catch {
      // Another file is seeding: wait for its result, or take over a lock left behind.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else await sleep(LOCK_POLL_MS);
    }
    if (mine) {
      try {
        const bytes = await make();
        // Written under another name, then renamed: a reader never sees half a file.
        fs.writeFileSync(`${file}.tmp`, bytes);
        fs.renameSync(`${file}.tmp`, file);
        return bytes;
      } finally {
        fs.rmSync(lock, { force: true });
      }
    }
  }
};

/** The bytes of the SQLite demo database seeded at `now` (undefined: the run's "now", made by the global setup). */
export const cachedSqliteSeed = (dir: string, now: Date | undefined): Promise<Buffer> =>
  onceInRun(seedFile(dir, now), async () => {
    const db = await openDemoDatabase(':memory:', now ? { now } : {});
    try {
      return serializeSqlite(db);
    } finally {
      await closeDatabase(db);
    }
  });

/**
 * The PostgreSQL template seeded at `now`: the run's (global setup), or one named after it per fixed date, seeded by
 * the first file that asks and dropped with the run's (`dropTemplates`).
 */
const postgresTemplate = async (serverUrl: string, now: Date | undefined): Promise<string> => {
  const runTemplate = inject('pgTemplate');
  if (!now) return runTemplate;
  const dir = seedCacheDir();
  if (!dir) throw new Error('a PostgreSQL seed at a fixed date needs the global setup (vitest run)');
  const name = `${runTemplate}_${now.getTime()}`;
  await onceInRun(`${seedFile(dir, now)}.postgres`, async () => {
    await adminQuery(serverUrl, `CREATE DATABASE ${quoted(name)}`);
    // Closed before it is copied: PostgreSQL copies a template nobody is connected to.
    await closeDatabase(await openDemoDatabase(databaseUrl(serverUrl, name), { now, postgres: { poolSize: 2 } }));
    return Buffer.from(name);
  });
  return name;
};

/** Drops the run's template and the fixed-date templates named after it (the global setup's teardown). */
export const dropTemplates = async (serverUrl: string, runTemplate: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2', [
      runTemplate,
      `${runTemplate}\\_%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
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
  const dir = seedCacheDir();
  if (!serverUrl) {
    // Outside `vitest run` (no global setup), or migrated only: made here.
    if (options.seed === false) return openDatabase(':memory:');
    if (!dir) return openDemoDatabase(':memory:', options.now ? { now: options.now } : {});
    return openDatabase(await cachedSqliteSeed(dir, options.now));
  }
  const name = `mobile_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const template = options.seed === false ? null : await postgresTemplate(serverUrl, options.now);
  await adminQuery(serverUrl, `CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const db = await openDatabase(url, { postgres: { poolSize: 5 } });
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
  await adminQuery(serverUrl, `CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(await postgresTemplate(serverUrl, undefined))}`);
  return { location: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
};
