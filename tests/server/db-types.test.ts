import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkedValues, generateSchemaTypes, SCHEMA_FILE } from '../../scripts/db-types.ts';

/*
 * The server's row types are generated from the migrated schema (scripts/db-types.ts, `npm run db:types`): a migration
 * added without regenerating them fails here, naming the command.
 */

describe('server/db/schema.ts', () => {
  it('is what the migrations generate (run `npm run db:types` after adding one)', async () => {
    expect(await generateSchemaTypes(), 'server/db/schema.ts is stale: run npm run db:types').toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  }, 60_000);

  it.each([
    ["status TEXT NOT NULL CHECK (status IN ('A', 'B'))", { status: ['A', 'B'] }],
    ["mode TEXT CHECK (mode IS NULL OR mode IN ('new_number', 'port_in'))", { mode: ['new_number', 'port_in'] }],
    ["name TEXT CHECK (note IS NULL OR name IN ('x'))", {}],
    ['paid INTEGER NOT NULL CHECK (paid IN (0, 1))', {}],
    ["kind TEXT CHECK (kind IN ('it''s', 'b'))", { kind: ["it's", 'b'] }],
  ])('reads the value set of %s', (definition, expected) => {
    expect(Object.fromEntries(checkedValues(`CREATE TABLE t (${definition})`))).toEqual(expected);
  });
});
