import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactSchema, customerFullSchema } from '#contract/customer';
import { linkParts, outbox, resetLimits } from './auth-helpers.ts';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * PATCH /customer/{id}/contact and the confirmation of a changed e-mail address, through the app as `npm start`
 * builds it: phone numbers normalised to the form of docs/product/validation.md "Phone numbers", a new address
 * unconfirmed until its link is opened, the link sent again on request (throttled).
 */

let t: TestApp;
let marc = '';
let lucas = '';
const marcId = 3;

beforeAll(async () => {
  t = await createTestApp();
  marc = (await login(t.app, 'MT00000003')).token;
  lucas = (await login(t.app, '0470000003')).token;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetLimits(t.app);
});

let keys = 0;
const current = async () =>
  customerFullSchema.parse((await t.app.inject({ method: 'GET', url: `/api/customer/${marcId}/full`, headers: bearer(marc) })).json())
    .contact;
const patch = async (body: Record<string, unknown>, token = marc): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customer/${marcId}/contact`,
    headers: { ...bearer(token), 'idempotency-key': `contact-test-${++keys}` },
    payload: { ...body, lastUpdate: (await current()).lastUpdate },
  });
const resend = (token = marc) =>
  t.app.inject({ method: 'POST', url: `/api/customer/${marcId}/contact/confirm-email`, headers: bearer(token), payload: {} });

describe('phone numbers', () => {
  it.each([
    // field, typed, stored
    ['mobile', '0470 12 34 56', '0470123456'],
    ['mobile', '0470/12.34.57', '0470123457'],
    ['mobile', '(0475) 12-34-56', '0475123456'],
    ['phone', '02 123 45 67', '021234567'],
    ['phone', '02/123.45.68', '021234568'],
    ['phone', '04/223.45.67', '042234567'],
    ['phone', '0478 12 34 56', '0478123456'],
  ])('%s typed %j is stored as %j', async (field, typed, stored) => {
    const response = await patch({ [field]: typed });
    expect(response.statusCode).toBe(200);
    expect(contactSchema.parse(response.json())[field as 'phone' | 'mobile']).toBe(stored);
  });

  it.each([
    ['mobile', '02 123 45 67', 'validation:phone'],
    ['mobile', '+33612345678', 'validation:phone'],
    // docs/product/validation.md "Phone numbers": no plus sign or country prefix, refused rather than rewritten.
    ['mobile', '+32470123457', 'validation:phone'],
    ['mobile', '0032 475.12.34.56', 'validation:phone'],
    ['phone', '+32 2 123 45 68', 'validation:landline'],
    ['phone', '12345', 'validation:landline'],
    ['phone', '0470 12 34', 'validation:landline'],
  ])('%s %j is refused with %s', async (field, typed, message) => {
    const response = await patch({ [field]: typed });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidParameters', fields: [{ field, message }] });
  });
});

describe('a changed e-mail address', () => {
  it('is unconfirmed until the link sent to the new address is opened', async () => {
    const response = await patch({ email: 'marc.new@example.be' });
    expect(response.statusCode).toBe(200);
    expect(contactSchema.parse(response.json())).toMatchObject({ email: 'marc.new@example.be', isEmailConfirmed: false });

    const [message] = await outbox(t.app, 'marc.new@example.be');
    expect(message?.path).toMatch(/^\/account\/confirm-email\/[^/]+\/[^/]+$/);
    const { uuid, token } = linkParts(message?.path ?? null);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/public/subscription/${uuid}/confirm-email`, payload: { token } });
    expect(confirmed.json()).toEqual({ success: true });
    expect(await current()).toMatchObject({ email: 'marc.new@example.be', isEmailConfirmed: true });
  });

  it('keeps its confirmation when only the letter case or another field changes', async () => {
    await patch({ email: 'Marc.New@example.be' });
    expect((await current()).isEmailConfirmed).toBe(true);
    await patch({ firstName: 'Marco' });
    expect((await current()).isEmailConfirmed).toBe(true);
  });

  it('gets its link again on request, three times in a row, then the requests wait 30 minutes', async () => {
    await patch({ email: 'marc.other@example.be' });
    const before = (await outbox(t.app, 'marc.other@example.be')).length;
    for (let i = 0; i < 3; i++) {
      const response = await resend();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, email: 'marc.other@example.be' });
    }
    expect((await outbox(t.app, 'marc.other@example.be')).length).toBe(before + 3);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tooManyCodeRequests', retryAfter: 1800 });
    expect((await outbox(t.app, 'marc.other@example.be')).length).toBe(before + 3);
  });

  it('an earlier link stops working once the address changed again', async () => {
    await patch({ email: 'marc.first@example.be' });
    const first = linkParts((await outbox(t.app, 'marc.first@example.be'))[0]?.path ?? null);
    await patch({ email: 'marc.second@example.be' });
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/public/subscription/${first.uuid}/confirm-email`,
      payload: { token: first.token },
    });
    expect(stale.json()).toMatchObject({ statusCode: 419, code: 'linkExpired' });
    expect((await current()).isEmailConfirmed).toBe(false);
  });

  it('a confirmed address needs no link (422), and a plain user may not ask for one (403)', async () => {
    const second = linkParts((await outbox(t.app, 'marc.second@example.be'))[0]?.path ?? null);
    await t.app.inject({ method: 'POST', url: `/api/public/subscription/${second.uuid}/confirm-email`, payload: { token: second.token } });
    expect((await resend()).json()).toMatchObject({ code: 'noUpdate' });
    expect((await resend(lucas)).statusCode).toBe(403);
  });
});
