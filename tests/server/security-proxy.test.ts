import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { ConfigError, loadConfig } from '#server/config';
import type { Db } from '#server/db/database';
import { seededDatabase } from './seeded-db.ts';
import { closeTestDatabase } from './test-database.ts';
import { staticFixtureDir } from './test-app.ts';

/*
 * TRUST_PROXY must name hops or addresses (docs/product/security.md "Proxies"): `true` made Fastify take the
 * left-most X-Forwarded-For entry, which the client writes, as its address, so 80 of 80 spoofed failed logins got
 * 401 and never met the per-address limit.
 */

let db: Db;
beforeAll(async () => {
  db = await seededDatabase();
});
afterAll(() => closeTestDatabase(db));

describe('TRUST_PROXY', () => {
  it('refuses true at start, with a message that says what to give instead', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=.*refused: "true" believes any X-Forwarded-For.*number of proxies/,
      );
    }
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
  });

  it('behind one trusted proxy, spoofed X-Forwarded-For entries do not escape the per-address limit', async () => {
    const app = await buildApp({ demo: true, db, staticDir: staticFixtureDir, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 80; i += 1) {
        // The client writes a new address each time; the proxy appends the address it really sees.
        const response = await app.inject({
          method: 'POST',
          url: '/api/public/users/login',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `198.18.${i}.${i + 1}, 203.0.113.50` },
          payload: { login: `MT0${String(9_000_000 + i)}`, password: 'Wrong!2026' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(50);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    } finally {
      await app.close();
    }
  });
});
