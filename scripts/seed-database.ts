// Writes the seeded demo database to a file: `node --import tsx scripts/seed-database.ts <file> [<ISO date>]`, seeded
// at that date (default: now). The browser tests
// seed once per run (e2e/global-setup.ts) and start every server on a copy of this file, instead of seeding about
// 200,000 usage records at each start. The seed is relative to its day (server/demo/seed.ts), so the file is made
// again by every run, never kept.
import fs from 'node:fs';
import { closeDatabase, serializeSqlite } from '../server/db/database.ts';
import { openDemoDatabase } from '../server/demo/index.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx scripts/seed-database.ts <file>');
  process.exit(2);
}
const at = process.argv[3];
const now = at ? new Date(at) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`not a date: ${at}`);
  process.exit(2);
}
const db = await openDemoDatabase(':memory:', { now });
// One file, no journal beside it: the server switches its copy to WAL when it opens it.
fs.writeFileSync(`${file}.tmp`, serializeSqlite(db));
await closeDatabase(db);
fs.renameSync(`${file}.tmp`, file);
