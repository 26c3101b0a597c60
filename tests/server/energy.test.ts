import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkStatusSchema, relogAnswerSchema, relogTokenLifetimeMs } from '#contract/energy';
import { appContext, buildApp } from '#server/app';
import { redactUrl } from '#server/lib/log-redaction';
import { DEMO_IDS } from '#server/demo/data/ids';
import { bearer, createTestApp, login, staticFixtureDir, type TestApp } from './test-app.ts';

/*
 * The energy link (docs/product/offers.md "Energy link"; docs/product/roles.md "Owner-only rights") and the owner's
 * one-click login, with the stand-in portal: link status rules, who may link and relog, the "already linked" conflicts
 * in both directions, and a one-click token that works once and only for its lifetime.
 */

let t: TestApp;
const as: Record<'sophie' | 'marc' | 'lucas' | 'jan' | 'yasmine' | 'emma', Record<string, string>> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const logins = {
    sophie: 'MT00000001',
    marc: 'MT00000003',
    lucas: '0470000003',
    jan: 'jan.claes@martin-logistics.example.be',
    yasmine: 'MT00000005',
    emma: 'MT00000004',
  } as const;
  for (const [who, loginId] of Object.entries(logins)) as[who as keyof typeof logins] = bearer((await login(t.app, loginId)).token);
});
afterAll(() => t.close());

const C = DEMO_IDS.customers;
const status = (who: keyof typeof as, customerId: number) =>
  t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/link-status`, headers: as[who] });
const link = (who: keyof typeof as, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/link', headers: as[who], payload });
const relog = (who: keyof typeof as) => t.app.inject({ method: 'POST', url: '/api/user/relog', headers: as[who], payload: {} });
const portal = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: '/energy-portal/one-click', query });
const energyRef = async (userId: number) =>
  (await t.db.selectFrom('users').select('energy_ref').where('id', '=', userId).executeTakeFirstOrThrow()).energy_ref;

describe('GET /customer/{id}/link-status', () => {
  it.each([
    ['sophie', C.sophie, { energyId: 'ME00000001', energyLinkConfirmed: true }],
    ['marc', C.marc, { energyId: 'ME00000003', energyLinkConfirmed: false }],
    ['yasmine', C.yasmine, { energyId: null, energyLinkConfirmed: false }],
    ['jan', C.martinLogistics, { energyId: null, energyLinkConfirmed: false }],
  ] as const)('answers %s the state of its customer', async (who, customerId, expected) => {
    const response = await status(who, customerId);
    expect(response.statusCode).toBe(200);
    expect(linkStatusSchema.parse(response.json())).toEqual(expected);
  });

  it.each([
    ['a plain user', 'lucas', C.martinLogistics],
    ['another customer', 'marc', C.sophie],
  ] as const)('refuses %s', async (_name, who, customerId) => {
    expect((await status(who, customerId)).statusCode).toBe(403);
  });
});

describe('POST /user/link', () => {
  const marcLink = { login: 'ME00000003', password: 'Demo!2026', accept: true };

  it.each([
    ['an admin', 'jan'],
    ['a plain user', 'lucas'],
  ] as const)('refuses %s: only an owner links accounts', async (_name, who) => {
    const response = await link(who, marcLink);
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['a login that is not an energy number', { ...marcLink, login: 'MT00000003' }, 'login', 'validation:energyNumber'],
    ['an empty password', { ...marcLink, password: '' }, 'password', 'validation:required'],
    ['conditions not accepted', { ...marcLink, accept: false }, 'accept', 'validation:conditions'],
  ])('refuses %s with the field at fault', async (_name, payload, field, message) => {
    const response = await link('marc', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { field: string; message: string }[] }>().fields).toContainEqual({ field, message });
  });

  it('refuses a wrong energy password with 400, not 401 (which would end the mobile session)', async () => {
    const response = await link('marc', { ...marcLink, password: 'Wrong!2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidCredentials' });
    const unknown = await link('marc', { ...marcLink, login: 'ME99999999' });
    expect(unknown.json()).toEqual(response.json());
  });

  it('refuses an energy account already linked to another mobile account', async () => {
    const response = await link('marc', { ...marcLink, login: 'ME00000001' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'energyAlreadyLinked' });
  });

  it('refuses a mobile account already linked to another energy account', async () => {
    const response = await link('sophie', { login: 'ME00000005', password: 'Demo!2026', accept: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'mobileAlreadyLinked' });
  });

  it('links and confirms; the user’s energy reference follows only the confirmed link', async () => {
    expect(await energyRef(DEMO_IDS.users.marc)).toBeNull();
    const response = await link('marc', { ...marcLink, login: 'me00000003' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ energyId: 'ME00000003', energyLinkConfirmed: true });
    expect((await status('marc', C.marc)).json()).toEqual({ energyId: 'ME00000003', energyLinkConfirmed: true });
    expect(await energyRef(DEMO_IDS.users.marc)).toBe('ME00000003');
    // Now confirmed elsewhere: another owner cannot take it.
    const emma = await link('emma', marcLink);
    expect(emma.statusCode).toBe(409);
    expect(emma.json()).toMatchObject({ code: 'energyAlreadyLinked' });
  });

  it('never refuses a correct password because of the guesses in flight: ten sent at once all pass (only failures count)', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => link('marc', marcLink)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('releases another customer’s unconfirmed claim to whoever proves the account’s password', async () => {
    await t.db.updateTable('customers').set({ energy_id: 'ME00000005' }).where('id', '=', C.martinLogistics).execute();
    const response = await link('yasmine', { login: 'ME00000005', password: 'Demo!2026', accept: true });
    expect(response.statusCode).toBe(200);
    expect((await status('jan', C.martinLogistics)).json()).toEqual({ energyId: null, energyLinkConfirmed: false });
    expect((await status('yasmine', C.yasmine)).json()).toEqual({ energyId: 'ME00000005', energyLinkConfirmed: true });
  });
});

describe('POST /user/relog and the stand-in portal', () => {
  it.each([
    ['an admin', 'jan', 403],
    ['a plain user', 'lucas', 403],
  ] as const)('refuses %s: only an owner gets the one-click login', async (_name, who, code) => {
    expect((await relog(who)).statusCode).toBe(code);
  });

  it("answers an owner without a confirmed link with an empty link (the magic-link call's failure), and no token", async () => {
    const response = await relog('emma');
    expect(response.statusCode).toBe(200);
    expect(relogAnswerSchema.parse(response.json())).toMatchObject({ link: '', login: '', token: '', expiresAt: null });
  });

  it('answers login, guid and a token the portal accepts once, greeting the customer by name', async () => {
    const response = await relog('sophie');
    expect(response.statusCode).toBe(200);
    const answer = relogAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ link: '/energy-portal/one-click', login: 'ME00000001' });
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(answer.expiresAt ?? '') - Date.now()).toBeLessThanOrEqual(relogTokenLifetimeMs);
    // The token is stored hashed only.
    expect(JSON.stringify(await t.db.selectFrom('link_tokens').selectAll().where('purpose', '=', 'energyRelog').execute())).not.toContain(
      answer.token,
    );

    const query = { login: answer.login, guid: answer.guid, token: answer.token };
    const first = await portal(query);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Bonjour Sophie Dubois</h1>');
    expect(first.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(first.body).not.toMatch(/<script/i);
    expect(first.headers['referrer-policy']).toBe('no-referrer');

    const second = await portal(query);
    expect(second.statusCode).toBe(410);
    expect(second.body).toContain('Ce lien de connexion n’est plus valable');
    expect(second.body).not.toContain('Sophie Dubois');
  });

  it('refuses a token after its lifetime, a token for another login or user, and a token a newer one replaced', async () => {
    const clock = appContext(t.app).clock;
    const issue = async () => relogAnswerSchema.parse((await relog('sophie')).json());

    const old = await issue();
    clock.set(new Date(Date.now() + relogTokenLifetimeMs + 1000));
    try {
      expect((await portal({ login: old.login, guid: old.guid, token: old.token })).statusCode).toBe(410);
    } finally {
      clock.set(null);
    }

    const answer = await issue();
    expect((await portal({ login: 'ME00000003', guid: answer.guid, token: answer.token })).statusCode).toBe(403);
    const marcGuid = (await t.db.selectFrom('users').select('guid').where('id', '=', DEMO_IDS.users.marc).executeTakeFirstOrThrow()).guid;
    expect((await portal({ login: answer.login, guid: marcGuid, token: answer.token })).statusCode).toBe(403);
    const newer = await issue();
    expect((await portal({ login: answer.login, guid: answer.guid, token: answer.token })).statusCode).toBe(410);
    expect((await portal({ login: newer.login, guid: newer.guid, token: newer.token })).statusCode).toBe(200);
  });

  it('keeps the token out of the request log', () => {
    expect(redactUrl('/energy-portal/one-click?login=ME00000001&guid=abc&token=secret-token')).toBe(
      '/energy-portal/one-click?login=ME00000001&guid=abc&token=[redacted]',
    );
  });

  it('opens a configured portal instead, and serves no stand-in then', async () => {
    const app = await buildApp({
      demo: true,
      db: t.db,
      testMode: true,
      staticDir: staticFixtureDir,
      energyPortalUrl: 'https://energie.example.be/portal/',
    });
    try {
      const { token } = await login(app, 'MT00000001');
      const answer = relogAnswerSchema.parse(
        (await app.inject({ method: 'POST', url: '/api/user/relog', headers: bearer(token), payload: {} })).json(),
      );
      expect(answer.link).toBe('https://energie.example.be/portal/one-click');
      const standIn = await app.inject({
        method: 'GET',
        url: '/energy-portal/one-click',
        query: { login: answer.login, guid: answer.guid, token: answer.token },
      });
      expect(standIn.body).not.toContain('Bonjour');
    } finally {
      await app.close();
    }
  });
});
