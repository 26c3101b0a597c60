import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqResponseSchema, supportTicketAnswerSchema, supportTicketListSchema } from '#contract/support';
import { maxAttachmentBytes } from '#contract/validators';
import { MAX_FILE_NAME_LENGTH, normalizedFileName } from '#server/lib/uploads';
import { MAX_TICKETS_PER_DAY } from '#server/routes/support';
import { outbox } from './auth-helpers.ts';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';
import { jpegBytes, multipart, pdfBytes, pngBytes, scriptAsPng } from './upload-fixtures.ts';

/*
 * Help and the contact form against the app as `npm start` builds it: the FAQ per language, tickets with their
 * reference, acknowledgement e-mail and attachment (checked by its bytes, kept in the database), and a ticket sent
 * twice with one Idempotency-Key applied once whatever the multipart boundary.
 */

let t: TestApp;
let sophie: Record<string, string>;
let lucas: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  sophie = bearer((await login(t.app, 'MT00000001')).token);
  lucas = bearer((await login(t.app, '0470000003')).token);
});
afterAll(() => t.close());

/** The keys of the attachments kept (in the database, lib/file-store.ts), in order. */
const storedFiles = async (): Promise<string[]> =>
  (await t.db.selectFrom('stored_files').select('key').where('key', 'like', 'attachments/%').orderBy('key').execute()).map(
    (row) => row.key,
  );
const fields = { subject: 'billing', subSubject: 'billing_invoice', message: 'Ma facture de mars me semble trop élevée.' };

const postTicket = async (
  headers: Record<string, string>,
  file?: { name: string; type: string; data: Uint8Array },
  extra: Record<string, string> = {},
  values: Record<string, string> = fields,
) => {
  const body = await multipart({ ...values }, file ? { field: 'attachment', ...file } : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/support/ticket',
    headers: { ...headers, ...body.headers, ...extra },
    payload: body.payload,
  });
};

describe('GET /api/faq', () => {
  it('answers the FAQ of the asked language, with topics and one slug per question in every language', async () => {
    const answers = await Promise.all(
      ['fr', 'nl', 'en'].map(async (lang) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/faq?lang=${lang}`, headers: sophie });
        expect(response.statusCode).toBe(200);
        return faqResponseSchema.parse(response.json()).faq;
      }),
    );
    const [fr, nl, en] = answers;
    expect(fr).toHaveLength(16);
    expect(fr!.find((entry) => entry.slug === 'abroad')).toMatchObject({
      topic: 'abroad',
      question: 'Puis-je utiliser mon abonnement à l’étranger ?',
    });
    expect(nl!.find((entry) => entry.slug === 'abroad')?.question).toBe('Kan ik mijn abonnement in het buitenland gebruiken?');
    expect(nl!.map((entry) => entry.slug)).toEqual(fr!.map((entry) => entry.slug));
    expect(en!.map((entry) => entry.topic)).toEqual(fr!.map((entry) => entry.topic));
    expect(new Set(fr!.map((entry) => entry.topic))).toEqual(new Set(['usage', 'billing', 'abroad', 'sim', 'account', 'offers']));
  });

  it.each([
    ['no session', {}, 401],
    ['an unknown language', { lang: 'de' }, 400],
  ])('refuses %s', async (_name, query, status) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/faq',
      query,
      headers: status === 401 ? {} : sophie,
    });
    expect(response.statusCode).toBe(status);
  });
});

describe('POST /api/support/ticket', () => {
  it('creates a ticket with a reference and e-mails an acknowledgement that quotes it', async () => {
    const response = await postTicket(sophie);
    expect(response.statusCode).toBe(200);
    const { reference } = supportTicketAnswerSchema.parse(response.json());
    expect(reference).toMatch(/^SR-[2-9A-HJKMNP-Z]{8}$/);
    const row = await t.db
      .selectFrom('support_tickets')
      .select(['customer_id', 'subject', 'sub_subject', 'message', 'attachment_file'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    expect(row).toEqual({
      customer_id: 1,
      subject: 'billing',
      sub_subject: 'billing_invoice',
      message: fields.message,
      attachment_file: null,
    });
    const [mail] = await outbox(t.app, 'sophie.dubois@example.be');
    expect(mail?.subject).toBe('Nous avons bien reçu votre message');
    expect(mail?.body).toContain(reference);
  });

  it('accepts a plain user’s message too (an employee may write to support)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/support/ticket', headers: lucas, payload: fields });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a PNG', 'capture.png', 'image/png', pngBytes, 'image/png'],
    ['a JPEG named .jpeg', 'photo.jpeg', 'image/jpeg', jpegBytes, 'image/jpeg'],
    ['a PDF', 'facture.pdf', 'application/pdf', pdfBytes, 'application/pdf'],
  ])('keeps %s in the database, byte for byte, with the type its content shows', async (_name, name, type, data, stored) => {
    const before = await storedFiles();
    const response = await postTicket(sophie, { name, type, data });
    expect(response.statusCode).toBe(200);
    const { reference } = supportTicketAnswerSchema.parse(response.json());
    const row = await t.db
      .selectFrom('support_tickets')
      .select(['attachment_name', 'attachment_type', 'attachment_size', 'attachment_file', 'attachment_sha256'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attachment_name: name, attachment_type: stored, attachment_size: data.length });
    const key = row.attachment_file ?? '';
    expect(await storedFiles()).toEqual([...before, key].sort());
    const file = await t.db.selectFrom('stored_files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ media_type: stored, size: data.length, sha256: row.attachment_sha256 });
    expect(Buffer.from(file.content).equals(data)).toBe(true);
    expect(row.attachment_sha256).toBe(createHash('sha256').update(data).digest('hex'));
    // Never served: neither under its stored name nor anywhere the static files are.
    const served = await t.app.inject({ method: 'GET', url: `/${key}` });
    expect(served.body).not.toContain('PNG');
    expect(served.headers['content-type']).not.toMatch(/image|pdf/);
  });

  it('refuses a "PNG" that is really a script, by its content, and keeps nothing', async () => {
    const before = await storedFiles();
    const count = async () => (await t.db.selectFrom('support_tickets').select('id').execute()).length;
    const tickets = await count();
    const response = await postTicket(sophie, { name: 'capture.png', type: 'image/png', data: scriptAsPng });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'uploadError',
      fields: [{ field: 'attachment', message: 'validation:attachment.type' }],
    });
    expect(await storedFiles()).toEqual(before);
    expect(await count()).toBe(tickets);
  });

  it.each([
    [
      'a file over 2 MB',
      { name: 'big.png', type: 'image/png', data: Buffer.concat([pngBytes, Buffer.alloc(maxAttachmentBytes)]) },
      'attachment.size',
      'validation:attachment.size',
    ],
    [
      'a declared type that is not accepted',
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
      'attachment.name',
      'validation:attachment.type',
    ],
  ])('refuses %s with the field at fault', async (_name, file, field, message) => {
    const before = await storedFiles();
    const response = await postTicket(sophie, file);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { field: string; message: string }[] }>().fields).toContainEqual({ field, message });
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts a file of exactly 2 MB', async () => {
    const data = Buffer.concat([pngBytes, Buffer.alloc(maxAttachmentBytes - pngBytes.length)]);
    expect(data.length).toBe(maxAttachmentBytes);
    const response = await postTicket(sophie, { name: 'exact.png', type: 'image/png', data });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a sub-subject of another subject', { ...fields, subSubject: 'usage_data' }, 'subSubject', 'validation:required'],
    ['an unknown subject', { ...fields, subject: 'weather' }, 'subject', 'validation:required'],
    ['a message that is too short', { ...fields, message: 'Allo ?' }, 'message', 'validation:message.short'],
    ['a message over 500 characters', { ...fields, message: 'x'.repeat(501) }, 'message', 'validation:message.long'],
  ])('refuses %s', async (_name, values, field, message) => {
    const response = await postTicket(sophie, undefined, {}, values);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { field: string; message: string }[] }>().fields).toContainEqual({ field, message });
  });

  it('refuses a file smuggled in a JSON body (only a multipart part is a file)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/ticket',
      headers: sophie,
      payload: { ...fields, attachment: { name: 'a.png', type: 'image/png', size: 4, data: { 0: 137, 1: 80 } } },
    });
    expect(response.statusCode).toBe(400);
  });

  it('applies one Idempotency-Key once, whatever the boundary of each send; another file under it is refused', async () => {
    const key = 'ticket-key-0001';
    const file = { name: 'capture.png', type: 'image/png', data: pngBytes };
    const first = await postTicket(sophie, file, { 'idempotency-key': key });
    const again = await postTicket(sophie, file, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const reference = supportTicketAnswerSchema.parse(first.json()).reference;
    expect(await t.db.selectFrom('support_tickets').select('id').where('reference', '=', reference).execute()).toHaveLength(1);
    const other = await postTicket(sophie, { ...file, data: jpegBytes, name: 'other.jpg', type: 'image/jpeg' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotencyMismatch' });
    // What the server applied, as the browser tests ask for it: the file described by its size and hash.
    const applied = await t.app.inject({ method: 'GET', url: '/api/test/applied' });
    const change = applied.json<{ changes: { key: string; body: { attachment: unknown } }[] }>().changes.filter((c) => c.key === key);
    expect(change).toHaveLength(1);
    expect(change[0]?.body.attachment).toEqual({
      name: 'capture.png',
      type: 'image/png',
      size: pngBytes.length,
      data: { bytes: pngBytes.length, sha256: createHash('sha256').update(pngBytes).digest('hex') },
    });
  });

  it('refuses a multipart body on an endpoint that takes JSON', async () => {
    const body = await multipart({ firstName: 'Sophie' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/customer/1/contact',
      headers: { ...sophie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ fields: [{ field: 'body', message: 'validation:contentType' }] });
  });

  it(`refuses more than ${MAX_TICKETS_PER_DAY} messages a day from one user`, async () => {
    const { token } = await login(t.app, 'MT00000005');
    const yasmine = bearer(token);
    const now = new Date().toISOString();
    for (let i = 0; i < MAX_TICKETS_PER_DAY; i++) {
      await t.db
        .insertInto('support_tickets')
        .values({
          customer_id: 5,
          user_id: 5,
          subject: 'other',
          sub_subject: 'other_other',
          message: 'Bonjour, un message.',
          created_at: now,
        })
        .execute();
    }
    const response = await t.app.inject({ method: 'POST', url: '/api/support/ticket', headers: yasmine, payload: fields });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ticketError' });
  });

  it('refuses a caller without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/support/ticket', payload: fields });
    expect(response.statusCode).toBe(401);
  });
});

describe('attachment names are normalised (issue 42)', () => {
  /**
   * A multipart body written byte by byte, so that the file name reaches the server exactly as given (NUL included):
   * FormData would encode it its own way.
   */
  const rawTicket = (filename: string, type: string, data: Uint8Array) => {
    const boundary = '----issue42boundary';
    const part = (headers: string, body: Buffer | string) => [
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from('\r\n'),
    ];
    const payload = Buffer.concat([
      ...Object.entries(fields).flatMap(([name, value]) => part(`Content-Disposition: form-data; name="${name}"`, value)),
      ...part(`Content-Disposition: form-data; name="attachment"; filename="${filename}"\r\nContent-Type: ${type}`, Buffer.from(data)),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/support/ticket',
      headers: { ...sophie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };
  const kept = async (reference: string) =>
    t.db
      .selectFrom('support_tickets')
      .select(['attachment_name', 'attachment_type'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  it.each([
    ['a 5,004-character name', `${'a'.repeat(5000)}.pdf`, 'application/pdf', pdfBytes, `${'a'.repeat(116)}.pdf`, 'application/pdf'],
    ['a name with NUL and other control characters', 'fac\u0000tu\u0007re\u007f.png', 'image/png', pngBytes, 'facture.png', 'image/png'],
    ['a .pdf name for a PNG', 'facture-mars.pdf', 'application/pdf', pngBytes, 'facture-mars.png', 'image/png'],
    ['a decomposed accent (NFD)', 'e\u0301te\u0301.jpg', 'image/jpeg', jpegBytes, '\u00e9t\u00e9.jpg', 'image/jpeg'],
    [
      'a right-to-left override that disguises the type',
      'photo\u202egnp.pdf',
      'application/pdf',
      pdfBytes,
      'photognp.pdf',
      'application/pdf',
    ],
  ])('keeps %s as a clean name with the type its bytes show', async (_case, name, type, data, expected, stored) => {
    const response = await rawTicket(name, type, data);
    expect(response.statusCode, response.body).toBe(200);
    const { reference } = supportTicketAnswerSchema.parse(response.json());
    const row = await kept(reference);
    expect(row).toEqual({ attachment_name: expected, attachment_type: stored });
    expect(row.attachment_name?.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    expect(row.attachment_name).not.toMatch(/\p{Cc}/u);
    // The contact page lists it under that name.
    const listed = supportTicketListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/support/tickets', headers: sophie })).json(),
    );
    expect(listed.tickets.find((ticket) => ticket.reference === reference)?.attachmentName).toBe(expected);
  });

  it.each([
    ['a name that is only an extension', '.png', 'image/png', 'attachment.png'],
    ['a JPEG named .JPEG keeps its spelling, lower case', 'Photo.JPEG', 'image/jpeg', 'Photo.jpeg'],
    ['a name with a dot of its own', 'facture.v2.pdf', 'image/png', 'facture.v2.png'],
    ['path separators', '..\\..\\etc/passwd.pdf', 'application/pdf', '_.._etc_passwd.pdf'],
    ['spaces and dots around the name', '  rapport. .pdf', 'application/pdf', 'rapport.pdf'],
    [
      'emoji cut at 120 characters never in half',
      `${'x'.repeat(114)}\u{1F468}\u200d\u{1F469}.png`,
      'image/png',
      `${'x'.repeat(114)}\u{1F468}\u{1F469}`.slice(0, 116) + '.png',
    ],
  ])('normalizedFileName: %s', (_case, name, type, expected) => {
    const result = normalizedFileName(name, type);
    expect(result).toBe(expected);
    expect(result.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    expect(result.isWellFormed()).toBe(true);
  });
});

describe('the FAQ answers what customers ask, with the configured customer-service number', () => {
  it('has roaming, eSIM, PUK, ending a contract, invoices and number transfer in every language, with the number filled', async () => {
    for (const lang of ['fr', 'nl', 'en']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/faq?lang=${lang}`, headers: sophie });
      const faq = faqResponseSchema.parse(response.json()).faq;
      expect(faq.map((entry) => entry.slug)).toEqual(
        expect.arrayContaining(['abroad', 'roaming-costs', 'esim', 'sim-puk', 'end-contract', 'find-invoice', 'number-transfer']),
      );
      const text = faq.map((entry) => entry.answer).join('\n');
      expect(text).not.toContain('{{');
      expect(faq.find((entry) => entry.slug === 'esim')?.answer).toContain('0800 12 345');
    }
  });

  it('says the PUK is under the profile, not the subscription', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/faq?lang=fr', headers: sophie });
    const puk = faqResponseSchema.parse(response.json()).faq.find((entry) => entry.slug === 'sim-puk');
    expect(puk?.answer).toContain('« Profil » › « Codes PIN et PUK »');
  });
});

describe("GET /api/support/tickets: the user's messages from every device, with their status", () => {
  it("lists Sophie's earlier, answered message and one she writes now, newest first; Lucas sees none of hers", async () => {
    const written = await postTicket(sophie);
    expect(written.statusCode).toBe(200);
    const { reference } = supportTicketAnswerSchema.parse(written.json());
    const response = await t.app.inject({ method: 'GET', url: '/api/support/tickets', headers: sophie });
    expect(response.statusCode).toBe(200);
    const { tickets } = supportTicketListSchema.parse(response.json());
    expect(tickets[0]).toMatchObject({ reference, subject: 'billing', subSubject: 'billing_invoice', status: 'received' });
    expect(tickets.find((ticket) => ticket.reference === 'SR-7K2PQ4MX')).toMatchObject({ status: 'answered' });
    const others = await t.app.inject({ method: 'GET', url: '/api/support/tickets', headers: lucas });
    expect(supportTicketListSchema.parse(others.json()).tickets.map((ticket) => ticket.reference)).not.toContain(reference);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/support/tickets' })).statusCode).toBe(401);
  });

  it('signs the acknowledgement e-mail with the product and the customer-service number', async () => {
    const [mail] = await outbox(t.app, 'sophie.dubois@example.be');
    expect(mail?.body).toMatch(/\n\n— MyMega · 0800 12 345$/);
  });
});
