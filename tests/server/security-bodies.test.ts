import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSimOrders } from '#contract/fixtures/demo';
import { errorBodySchema } from '#contract/common';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * Every malformed body is a 4xx that names the field or the reason, never a 500 (docs/product/security.md
 * "Request hygiene"): multipart bodies with no boundary, a boundary the parser cannot search for, cut short, or with
 * broken parts, on the two kinds of multipart endpoints (a support ticket, read into its body object, and an identity
 * upload, streamed to disk); JSON and form bodies on a JSON endpoint.
 */

let t: TestApp;
let token: string;
let activation: { cookie: string; url: string };

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'MT00000001')).token;
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/public/orders/activate',
    payload: { identifier: demoSimOrders.identification.orderRef, code: demoSimOrders.identification.code },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const cookie = opened.cookies.find((c) => c.name === 'activation_session');
  const order = opened.json<{ customerId: number; contractId: number }>();
  activation = {
    cookie: `activation_session=${cookie?.value ?? ''}`,
    url: `/api/public/subscription/${order.customerId}/contract/${order.contractId}/identify`,
  };
});
afterAll(() => t.close());

const longBoundary = 'b'.repeat(300);
const part = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Bodies a careless or hostile client sends as multipart/form-data. */
const malformed: { name: string; contentType: string; body: string | Buffer }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: `${part('x', 'subject', 'a')}--x--\r\n` },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: '' },
  { name: 'an empty quoted boundary', contentType: 'multipart/form-data; boundary=""', body: '--\r\n' },
  {
    name: 'a boundary over 256 characters (the parser cannot search for it)',
    contentType: `multipart/form-data; boundary=${longBoundary}`,
    body: `${part(longBoundary, 'subject', 'a')}--${longBoundary}--\r\n`,
  },
  {
    name: 'a boundary of 71 characters',
    contentType: `multipart/form-data; boundary=${'c'.repeat(71)}`,
    body: `${part('c'.repeat(71), 'subject', 'a')}--${'c'.repeat(71)}--\r\n`,
  },
  {
    name: 'a body cut short in a field',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="subject"\r\n\r\nab',
  },
  {
    name: 'a body cut short in a file',
    contentType: 'multipart/form-data; boundary=x',
    body: Buffer.concat([
      Buffer.from('--x\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.alloc(5000, 7),
    ]),
  },
  { name: 'a body cut short in the headers of a part', contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposi' },
  { name: 'a part without headers', contentType: 'multipart/form-data; boundary=x', body: '--x\r\n\r\nvalue\r\n--x--\r\n' },
  { name: 'no boundary line at all', contentType: 'multipart/form-data; boundary=x', body: 'just some text' },
  {
    name: 'binary noise',
    contentType: 'multipart/form-data; boundary=x',
    body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)),
  },
  {
    name: 'a part header far over its limit',
    contentType: 'multipart/form-data; boundary=x',
    body: `--x\r\nContent-Disposition: form-data; name="subject"\r\nX-Long: ${'h'.repeat(200_000)}\r\n\r\na\r\n--x--\r\n`,
  },
];

const expectClientError = (response: { statusCode: number; body: string }, label: string) => {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  const body = errorBodySchema.parse(JSON.parse(response.body));
  // The field at fault or the reason: never an empty 4xx.
  expect(body.fields?.length ?? 0, label).toBeGreaterThan(0);
};

describe('malformed multipart bodies', () => {
  it.each(malformed)('support ticket (read into its body), $name → 4xx with the field', async ({ name, contentType, body }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/ticket',
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body,
    });
    expectClientError(response, name);
  });

  it.each(malformed)('identity upload (streamed to disk), $name → 4xx with the field', async ({ name, contentType, body }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: activation.url,
      headers: { cookie: activation.cookie, origin: 'http://localhost:8080', 'content-type': contentType },
      payload: body,
    });
    expectClientError(response, name);
  });
});

describe('malformed JSON and form bodies on a JSON endpoint', () => {
  it.each([
    ['JSON cut short', 'application/json', '{"login":"MT00000001","pass'],
    ['JSON with a trailing comma', 'application/json', '{"login":"MT00000001",}'],
    ['an empty JSON body', 'application/json', ''],
    ['JSON nested 100,000 deep', 'application/json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['a form body', 'application/x-www-form-urlencoded', 'login=MT00000001&password=%zz'],
    ['plain text', 'text/plain', 'login=MT00000001'],
    ['a multipart body on a JSON endpoint', 'multipart/form-data; boundary=x', `${part('x', 'login', 'MT00000001')}--x--\r\n`],
  ])('%s → 4xx with the field', async (label, contentType, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/users/login',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expectClientError(response, label);
  });
});
