import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { closeTestDatabase } from './test-database.ts';
import { redactUrl } from '#server/lib/log-redaction';
import { staticFixtureDir } from './test-app.ts';
import { seededDatabase } from './seeded-db.ts';

const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG0';
const guid = '0b1e6f5e-2c1d-4b7a-9f3e-1a2b3c4d5e6f';

describe('redactUrl', () => {
  it.each([
    [`/login/${guid}/${token}`, `/login/${guid}/[redacted]`],
    [`/login/${guid}/${token}?contractId=3&redirect=%2F`, `/login/${guid}/[redacted]?contractId=3&redirect=%2F`],
    [`/login/recover-password/${guid}/${token}`, `/login/recover-password/${guid}/[redacted]`],
    [`/login/create-password/${guid}/${token}`, `/login/create-password/${guid}/[redacted]`],
    [`/account/confirm-email/${guid}/${token}`, `/account/confirm-email/${guid}/[redacted]`],
    [`/api/public/users/login/${guid}/${token}`, `/api/public/users/login/${guid}/[redacted]`],
    [`/api/public/users/recover-password/${guid}/${token}`, `/api/public/users/recover-password/${guid}/[redacted]`],
    [`/api/public/users/create-password/${guid}/${token}`, `/api/public/users/create-password/${guid}/[redacted]`],
    [`/api/public/customer/12/${token}`, `/api/public/customer/12/[redacted]`],
    [`/somewhere?token=${token}&x=1`, '/somewhere?token=[redacted]&x=1'],
    // Paths of the same shape without a secret stay as they are.
    ['/login/recover-password/sms', '/login/recover-password/sms'],
    ['/login/pin/setup', '/login/pin/setup'],
    ['/login/create-account', '/login/create-account'],
    ['/api/public/users/recover-password/sms', '/api/public/users/recover-password/sms'],
    ['/consumption/details?contractId=1', '/consumption/details?contractId=1'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('the request log of the app as npm start builds it', () => {
  it('never holds a link token, a cookie or an Authorization header', async () => {
    const db = await seededDatabase();
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    const app = await buildApp({ demo: true, db, staticDir: staticFixtureDir, logStream: stream });
    try {
      await app.inject({ method: 'GET', url: `/login/recover-password/${guid}/${token}` });
      await app.inject({ method: 'GET', url: `/api/public/users/recover-password/${guid}/${token}` });
      await app.inject({
        method: 'POST',
        url: `/api/public/users/login/${guid}/${token}`,
        headers: { authorization: `Bearer ${token}`, cookie: `access_token=${token}` },
        payload: {},
      });
      expect(log).toContain('/login/recover-password/');
      expect(log).toContain('[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await closeTestDatabase(db);
    }
    // It opens (and seeds) a database of its own.
  }, 120_000);
});
