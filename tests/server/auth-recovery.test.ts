import { describe, expect, it } from 'vitest';
import { recoveryInitResponseSchema } from '#contract/auth';
import { demoPassword } from '#contract/fixtures/demo';
import { appContext } from '#server/app';
import { workAfterAnswersDone } from '#server/routes/auth/shared';
import { bearer, createTestApp, login } from './test-app.ts';
import { authTestApp, DAY, later, latestMessage, linkParts, MINUTE, newDevice, outbox, post } from './auth-helpers.ts';

const t = authTestApp();

const RESET = '/api/public/users/reset-password';
const emailConfirmed = async (customerId: number): Promise<number> =>
  (await t.db.selectFrom('contacts').select('is_email_confirmed').where('customer_id', '=', customerId).executeTakeFirstOrThrow())
    .is_email_confirmed;
const loginStatus = async (loginId: string, password: string) =>
  (await post(t.app, '/api/public/users/login', { login: loginId, password })).statusCode;

describe('recovery by e-mail link', () => {
  it('e-mails a link in the user’s language; init answers the user; save sets the password once', async () => {
    expect((await post(t.app, RESET, { email: 'marc.janssens@example.be' })).json()).toEqual({ success: true });
    const mail = await latestMessage(t.app, 'marc.janssens@example.be');
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'Stel uw wachtwoord opnieuw in' });
    expect(mail.path).toMatch(/^\/login\/recover-password\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);
    expect(mail.body).toContain('24 uur');
    const { uuid, token } = linkParts(mail.path);

    const init = await t.app.inject({ method: 'GET', url: `/api/public/users/recover-password/${uuid}/${token}` });
    expect(init.statusCode).toBe(200);
    expect(recoveryInitResponseSchema.parse(init.json())).toEqual({
      user: { customer_ref: 'MT00000003', email: 'marc.janssens@example.be' },
    });

    const same = await post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: demoPassword });
    expect(same.json()).toMatchObject({ statusCode: 422, code: 'samePassword' });
    const saved = await post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: 'Hersteld!2026' });
    expect(saved.json()).toEqual({ success: true });
    expect(await loginStatus('MT00000003', 'Hersteld!2026')).toBe(200);
    // Single use: init and save now answer 419.
    expect((await t.app.inject({ method: 'GET', url: `/api/public/users/recover-password/${uuid}/${token}` })).json()).toMatchObject({
      statusCode: 419,
      code: 'linkExpired',
    });
    expect((await post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: 'Encore!2026' })).statusCode).toBe(419);
  });

  it('writes in the language the page asked for', async () => {
    await post(t.app, RESET, { email: 'emma@martin-logistics.example.be', lang: 'fr' });
    expect((await latestMessage(t.app, 'emma@martin-logistics.example.be')).subject).toBe('Réinitialisez votre mot de passe');
  });

  it('ends every session and device PIN of the account', async () => {
    const device = newDevice();
    const session = (await post(t.app, '/api/public/users/login', { login: 'MT00000004', password: demoPassword, ...device })).json<{
      token: string;
      user: { guid: string };
    }>();
    await post(t.app, '/api/user/pin', { ...device, pin: '4231' }, { headers: bearer(session.token) });
    await post(t.app, RESET, { email: 'emma@martin-logistics.example.be' });
    const { uuid, token } = linkParts((await latestMessage(t.app, 'emma@martin-logistics.example.be')).path);
    expect((await post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: 'Recovered!2026' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await post(t.app, '/api/public/users/login/pin', { guid: session.user.guid, ...device, pin: '4231' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown link and 419 for an expired one (24 hours)', async () => {
    await post(t.app, RESET, { email: 'sophie.dubois@example.be' });
    const { uuid, token } = linkParts((await latestMessage(t.app, 'sophie.dubois@example.be')).path);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/users/recover-password/${uuid}/${'A'.repeat(43)}` })).json(),
    ).toMatchObject({ statusCode: 404, code: 'linkMismatch' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/users/recover-password/00000000-0000-0000-0000-000000000000/${token}` }))
        .statusCode,
    ).toBe(404);
    // A recovery link is not a create-password link.
    expect((await t.app.inject({ method: 'GET', url: `/api/public/users/create-password/${uuid}/${token}` })).statusCode).toBe(404);
    const almost = await later(t.app, DAY - MINUTE, () =>
      t.app.inject({ method: 'GET', url: `/api/public/users/recover-password/${uuid}/${token}` }),
    );
    expect(almost.statusCode).toBe(200);
    const expired = await later(t.app, DAY + MINUTE, () =>
      post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: 'Late!20260' }),
    );
    expect(expired.json()).toMatchObject({ statusCode: 419, code: 'linkExpired' });
  });

  it('a newer link replaces the older one', async () => {
    await post(t.app, RESET, { email: 'yasmine.elamrani@example.be' });
    const older = linkParts((await latestMessage(t.app, 'yasmine.elamrani@example.be')).path);
    await post(t.app, RESET, { email: 'yasmine.elamrani@example.be' });
    // The newer link is made after the answer (routes/auth/shared.ts afterAnswer).
    await workAfterAnswersDone(appContext(t.app));
    expect((await t.app.inject({ method: 'GET', url: `/api/public/users/recover-password/${older.uuid}/${older.token}` })).statusCode).toBe(
      419,
    );
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    expect((await post(t.app, RESET, { email: 'nobody@example.be' })).json()).toEqual({ success: true });
    expect(await outbox(t.app, 'nobody@example.be')).toEqual([]);
  });

  it('answers 400 with the field at fault', async () => {
    const response = await post(t.app, RESET, { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: 'email', message: 'validation:email' }] });
  });

  it('blocks a recipient for 30 minutes after 3 requests', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await post(t.app, RESET, { email: 'jan.claes@martin-logistics.example.be' })).statusCode).toBe(200);
    const blocked = await post(t.app, RESET, { email: 'jan.claes@martin-logistics.example.be' });
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'tooManyCodeRequests', retryAfter: 1800 });
    expect((await later(t.app, 31 * MINUTE, () => post(t.app, RESET, { email: 'jan.claes@martin-logistics.example.be' }))).statusCode).toBe(
      200,
    );
  });
});

describe('recovery by SMS code', () => {
  const requestCode = async (msisdn: string): Promise<string> => {
    expect((await post(t.app, RESET, { msisdn })).json()).toEqual({ success: true });
    const sms = await latestMessage(t.app, msisdn);
    expect(sms.channel).toBe('SMS');
    expect(sms.code).toMatch(/^\d{6}$/);
    return sms.code ?? '';
  };
  const recover = (msisdn: string, code: string, pwd: string) =>
    post(t.app, '/api/public/users/recover-password/sms', { msisdn, code, pwd });

  it('sends a code to a plain user’s phone in its language; the code works once', async () => {
    const code = await requestCode('0470000003');
    expect((await latestMessage(t.app, '0470000003')).body).toContain('10 minuten');
    expect((await recover('0470000003', code, 'ViaSms!2026')).json()).toEqual({ success: true });
    expect(await loginStatus('0470000003', 'ViaSms!2026')).toBe(200);
    const again = await recover('0470000003', code, 'Twice!2026');
    expect(again.json()).toMatchObject({ statusCode: 419, code: 'invalidToken' });
  });

  it('reaches an owner through the contact mobile', async () => {
    const code = await requestCode('0470000007');
    expect((await recover('0470000007', code, 'Yasmine!2027')).statusCode).toBe(200);
    expect(await loginStatus('MT00000005', 'Yasmine!2027')).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const code = await requestCode('0470000001');
    const expired = await later(t.app, 10 * MINUTE + 1000, () => recover('0470000001', code, 'TooLate!2026'));
    expect(expired.json()).toMatchObject({ statusCode: 419, code: 'invalidToken' });
  });

  it('answers 422 smsCodeInvalid for a wrong code; the 5th burns the code and blocks 30 minutes', async () => {
    const code = await requestCode('0470000004');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const response = await recover('0470000004', wrong, 'Guess!2026');
      expect(response.json()).toMatchObject({ statusCode: 422, code: 'smsCodeInvalid', fields: [{ field: 'code' }] });
    }
    expect((await recover('0470000004', wrong, 'Guess!2026')).json()).toMatchObject({
      statusCode: 429,
      code: 'tooManyCodeRequests',
      retryAfter: 1800,
    });
    expect((await recover('0470000004', code, 'Right!2026')).statusCode).toBe(429);
    // After the block, the old code is dead: a new one is needed.
    await later(t.app, 31 * MINUTE, async () => {
      expect((await recover('0470000004', code, 'Right!2026')).statusCode).toBe(419);
    });
  });

  it('blocks code requests for 30 minutes after 3 in a row', async () => {
    // A number without an account gets the same answers (and no SMS): the limit does not tell them apart.
    for (let i = 0; i < 3; i += 1) expect((await post(t.app, RESET, { msisdn: '0470000006' })).json()).toEqual({ success: true });
    expect((await post(t.app, RESET, { msisdn: '0470000006' })).json()).toMatchObject({ statusCode: 429, code: 'tooManyCodeRequests' });
  });

  it('answers 400 with the field for a code that is not 6 digits', async () => {
    const response = await recover('0470000003', '12345', 'Valid!2026');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: 'code', message: 'validation:code' }] });
  });
});

describe('account creation', () => {
  it('by customer number + e-mail: a create-password link, then the account logs in', async () => {
    const response = await post(t.app, '/api/public/users/create-account', { customer: 'mt00000006', email: 'Thomas.Lambert@example.be' });
    expect(response.json()).toEqual({ success: true });
    const mail = await latestMessage(t.app, 'thomas.lambert@example.be');
    expect(mail.subject).toBe('Créez votre mot de passe');
    expect(mail.path).toMatch(/^\/login\/create-password\//);
    const { uuid, token } = linkParts(mail.path);
    const init = await t.app.inject({ method: 'GET', url: `/api/public/users/create-password/${uuid}/${token}` });
    expect(init.json()).toEqual({ user: { customer_ref: 'MT00000006', email: 'thomas.lambert@example.be' } });
    expect((await post(t.app, `/api/public/users/create-password/${uuid}/${token}`, { pwd: 'Thomas!2026' })).json()).toEqual({
      success: true,
    });
    expect(await loginStatus('MT00000006', 'Thomas!2026')).toBe(200);
    expect(await loginStatus('thomas.lambert@example.be', 'Thomas!2026')).toBe(200);
    expect((await post(t.app, `/api/public/users/create-password/${uuid}/${token}`, { pwd: 'Again!2026' })).statusCode).toBe(419);
    // The link came to the contact address: it is confirmed.
    expect(await emailConfirmed(6)).toBe(1);
    // A second request now offers a recovery link instead (same answer, nothing revealed).
    expect(
      (await post(t.app, '/api/public/users/create-account', { customer: 'MT00000006', email: 'thomas.lambert@example.be' })).json(),
    ).toEqual({ success: true });
    expect((await latestMessage(t.app, 'thomas.lambert@example.be')).path).toMatch(/^\/login\/recover-password\//);
  });

  it('answers the same when the number and the address do not match, and sends nothing', async () => {
    const response = await post(t.app, '/api/public/users/create-account', { customer: 'MT00000001', email: 'someone@example.be' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await outbox(t.app, 'someone@example.be')).toEqual([]);
  });

  it('answers 400 with the fields for a badly formed request', async () => {
    const response = await post(t.app, '/api/public/users/create-account', { customer: 'X1', email: 'a@b.be' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: 'customer', message: 'validation:customerNumber' }] });
  });

  it('by phone: an SMS code, then a plain user that logs in with the phone number', async () => {
    expect((await post(t.app, '/api/public/users/create-account', { msisdn: '0470000005', lang: 'en' })).json()).toEqual({ success: true });
    const sms = await latestMessage(t.app, '0470000005');
    expect(sms.body).toContain('Your code to create');
    const wrong = await post(t.app, '/api/public/users/create-account/sms', {
      msisdn: '0470000005',
      code: sms.code === '123456' ? '654321' : '123456',
      pwd: 'Line5!2026',
    });
    expect(wrong.json()).toMatchObject({ statusCode: 422, code: 'smsCodeInvalid' });
    expect(
      (await post(t.app, '/api/public/users/create-account/sms', { msisdn: '0470000005', code: sms.code, pwd: 'Line5!2026' })).json(),
    ).toEqual({ success: true });
    const { response } = await login(t.app, '0470000005', 'Line5!2026');
    expect(response.json()).toMatchObject({ user: { role: 'user', msisdn: '0470000005', customer_id: 4 } });
    // The number is now taken: the same answer, and an SMS that says so.
    expect((await post(t.app, '/api/public/users/create-account', { msisdn: '0470000005' })).json()).toEqual({ success: true });
    expect((await latestMessage(t.app, '0470000005')).body).toContain('An account already exists for 0470 00 00 05');
  });

  it('by phone: the same answer for a number with an account (an SMS says so) and for a number that is no line (nothing)', async () => {
    expect((await post(t.app, '/api/public/users/create-account', { msisdn: '0470000003' })).json()).toEqual({ success: true });
    expect((await latestMessage(t.app, '0470000003')).body).toContain('An account already exists for 0470 00 00 03');
    expect((await post(t.app, '/api/public/users/create-account', { msisdn: '0499999999' })).json()).toEqual({ success: true });
    expect(await outbox(t.app, '0499999999')).toEqual([]);
  });
});

describe('e-mail confirmation', () => {
  const issue = async (loginId: string) =>
    (await post(t.app, '/api/test/confirm-email-link', { login: loginId })).json<{ uuid: string; token: string; path: string }>();
  const confirm = (uuid: string, token: string) => post(t.app, `/api/public/subscription/${uuid}/confirm-email`, { token });

  it('confirms the contact address once', async () => {
    const { uuid, token, path } = await issue('MT00000004');
    expect(path).toBe(`/account/confirm-email/${uuid}/${token}`);
    expect((await latestMessage(t.app, 'emma@martin-logistics.example.be')).path).toBe(path);
    expect(await emailConfirmed(4)).toBe(0);
    expect((await confirm(uuid, token)).json()).toEqual({ success: true });
    expect(await emailConfirmed(4)).toBe(1);
    expect((await confirm(uuid, token)).json()).toMatchObject({ statusCode: 419, code: 'linkExpired' });
  });

  it('404 for an unknown token or another customer, 419 after 24 hours or after the address changed', async () => {
    const sophie = await issue('MT00000001');
    const marc = await issue('MT00000003');
    expect((await confirm(sophie.uuid, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await confirm(sophie.uuid, marc.token)).statusCode).toBe(404);
    expect((await later(t.app, DAY + MINUTE, () => confirm(sophie.uuid, sophie.token))).statusCode).toBe(419);
    await t.db.updateTable('contacts').set({ email: 'marc.new@example.be' }).where('customer_id', '=', 3).execute();
    expect((await confirm(marc.uuid, marc.token)).statusCode).toBe(419);
  });
});

describe('development outbox', () => {
  it('shows the messages as an HTML page with a banner, no inline style, under the strict CSP', async () => {
    await post(t.app, RESET, { email: 'sophie.dubois@example.be' });
    await workAfterAnswersDone(appContext(t.app));
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=sophie.dubois%40example.be' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('messages are not really sent');
    expect(page.body).toContain('Réinitialisez votre mot de passe');
    expect(page.body).not.toMatch(/style=|<style|<script/);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.css' })).headers['content-type']).toContain('text/css');
  });

  it('escapes what it shows', async () => {
    await t.db
      .insertInto('outbox')
      .values({
        channel: 'EMAIL',
        recipient: 'x@example.be',
        subject: '<script>alert(1)</script>',
        body: '<b>hi</b>',
        created_at: '2026-01-01T00:00:00Z',
      })
      .execute();
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=x@example.be' });
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<b>hi</b>');
  });
});

describe('with a real sender (SMTP_URL)', () => {
  it('has no outbox, and a failed delivery is neither shown nor a 500: the answer is the same, the message waits', async () => {
    const smtp = await createTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.css']) {
        expect((await smtp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const response = await post(smtp.app, RESET, { email: 'sophie.dubois@example.be' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      await workAfterAnswersDone(appContext(smtp.app));
      expect(await smtp.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);
    } finally {
      await smtp.close();
    }
    // A fresh database is seeded for this app: more than the default 20 s on a loaded machine.
  }, 90_000);
});
