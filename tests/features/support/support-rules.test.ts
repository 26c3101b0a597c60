import { describe, expect, it } from 'vitest';
import { isSubSubjectOf, subSubjectsOf, supportSubjectList, supportTicketFormSchema, supportTicketSchema } from '#contract/support';
import { maxAttachmentBytes } from '#contract/validators';
import { attachmentError, attachmentTypeOf, charactersLeft } from '#features/support/data/ticket-form.ts';
import { createFaqIndex, foldTerm } from '#features/support/data/faq-search.ts';
import type { FaqEntryRow } from '#db/schema';

/*
 * The contact form's rules (docs/product/support.md "Contact form"; docs/product/validation.md "Contact form") and
 * the FAQ search.
 */

describe('subject tree (docs/product/support.md "Contact form")', () => {
  it('lists the seven subjects in order, each with its own sub-subjects', () => {
    expect(supportSubjectList).toEqual(['become', 'subscription', 'contract', 'usage', 'billing', 'myMega', 'other']);
    for (const subject of supportSubjectList) expect(subSubjectsOf(subject).length).toBeGreaterThan(0);
  });

  it.each([
    ['become', 'become_port', true],
    ['billing', 'billing_dunning', true],
    ['other', 'other_other', true],
    ['usage', 'billing_invoice', false],
    ['billing', '', false],
    ['unknown', 'other_other', false],
    ['', '', false],
    ['toString', 'toString', false],
  ])('%s › %s belongs: %s', (subject, subSubject, belongs) => {
    expect(isSubSubjectOf(subject, subSubject)).toBe(belongs);
  });

  it('gives no sub-subject for an unknown subject (the form asks for the subject first)', () => {
    expect(subSubjectsOf('nope')).toEqual([]);
    expect(subSubjectsOf('constructor')).toEqual([]);
  });
});

const firstIssue = (
  value: Record<string, unknown>,
  schema: typeof supportTicketFormSchema | typeof supportTicketSchema = supportTicketFormSchema,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)[0];
};

describe('message rules (docs/product/validation.md "Contact form": required, too short, at most 500 characters)', () => {
  const base = { subject: 'billing', subSubject: 'billing_invoice' };
  it.each([
    ['a normal message', 'Ma facture de mars est trop élevée.', null],
    ['exactly 10 characters', '0123456789', null],
    ['exactly 500 characters', 'x'.repeat(500), null],
    ['500 characters inside spaces', `  ${'x'.repeat(500)}  `, null],
    ['empty', '', 'message:validation:required'],
    ['only spaces', '     ', 'message:validation:required'],
    ['9 characters', '012345678', 'message:validation:message.short'],
    ['501 characters', 'x'.repeat(501), 'message:validation:message.long'],
  ])('%s', (_label, message, issue) => {
    expect(firstIssue({ ...base, message })).toBe(issue);
  });

  it.each([
    [{ subject: '', subSubject: '', message: 'Un message assez long' }, 'subject:validation:required'],
    [{ subject: 'usage', subSubject: '', message: 'Un message assez long' }, 'subSubject:validation:required'],
    [{ subject: 'usage', subSubject: 'billing_invoice', message: 'Un message assez long' }, 'subSubject:validation:required'],
  ])('subject and sub-subject are required and belong together: %o', (value, issue) => {
    expect(firstIssue(value)).toBe(issue);
  });

  it.each([
    ['', 500],
    ['abc', 497],
    ['  abc  ', 497],
    ['x'.repeat(500), 0],
    ['x'.repeat(503), -3],
  ])('the live counter of %j shows %i characters left', (message, left) => {
    expect(charactersLeft(message, 500)).toBe(left);
  });
});

describe('attachment rules (docs/product/validation.md "Contact form": one PDF, PNG, JPG or JPEG of at most 2 MB)', () => {
  it.each([
    ['facture.pdf', 'application/pdf', 1000, null],
    ['photo.PNG', 'image/png', maxAttachmentBytes, null],
    ['scan.jpg', 'image/jpeg', 20_000, null],
    ['scan.jpeg', '', 20_000, null],
    ['photo.png', 'image/png', maxAttachmentBytes + 1, 'validation:attachment.size'],
    ['empty.pdf', 'application/pdf', 0, 'validation:attachment.empty'],
    ['notes.txt', 'text/plain', 100, 'validation:attachment.type'],
    ['image.gif', 'image/gif', 100, 'validation:attachment.type'],
    ['big.gif', 'image/gif', maxAttachmentBytes + 1, 'validation:attachment.type'],
    ['script.png.exe', 'application/octet-stream', 100, 'validation:attachment.type'],
    ['renamed.png', 'application/pdf', 100, null],
  ])('%s (%s, %i bytes) → %s', (name, type, size, error) => {
    expect(attachmentError({ name, type, size })).toBe(error);
  });

  it.each([
    [{ name: 'a.jpeg', type: '' }, 'image/jpeg'],
    [{ name: 'a.JPG', type: '' }, 'image/jpeg'],
    [{ name: 'a.pdf', type: '' }, 'application/pdf'],
    [{ name: 'a.pdf', type: 'image/png' }, 'image/png'],
    [{ name: 'noextension', type: '' }, ''],
  ])('the media type sent for %o is %j', (file, type) => {
    expect(attachmentTypeOf(file)).toBe(type);
  });

  it('the request schema takes the file with its bytes, and refuses a file without them', () => {
    const base = { subject: 'other', subSubject: 'other_other', message: 'Voir la pièce jointe.' };
    const data = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    expect(firstIssue({ ...base, attachment: { name: 'a.png', type: 'image/png', size: 4, data } }, supportTicketSchema)).toBeNull();
    expect(firstIssue({ ...base, attachment: { name: 'a.png', type: 'image/png', size: 4, data: 'not bytes' } }, supportTicketSchema)).toBe(
      'attachment.data:validation:attachment.type',
    );
  });
});

const entry = (slug: string, question: string, answer: string): FaqEntryRow => ({
  lang: 'fr',
  slug,
  topic: 'usage',
  question,
  answer,
  position: 0,
});

describe('FAQ search (accent- and case-insensitive, fr, nl and en)', () => {
  const index = createFaqIndex([
    entry('abroad', 'Comment utiliser mon GSM à l’étranger ?', 'Le roaming est inclus dans l’Union européenne.'),
    entry('direct-debit', 'Hoe activeer ik de domiciliëring?', 'Vul uw IBAN in bij uw facturatiegegevens.'),
    entry('sim', 'How do I activate my SIM card?', 'Enter the activation code you received by e-mail.'),
  ]);
  it.each([
    ['etranger', ['abroad']],
    ['ÉTRANGER', ['abroad']],
    ['Étran', ['abroad']],
    ['domicilieri', ['direct-debit']],
    ['DOMICILIËRING', ['direct-debit']],
    ['sim card', ['sim']],
    ['Activ', ['sim', 'direct-debit']],
    ['europeenne', ['abroad']],
    ['', []],
    ['   ', []],
    ['xylophone', []],
  ])('%j finds %o', (query, slugs) => {
    expect(index.search(query).sort()).toEqual([...slugs].sort());
  });

  it.each([
    ['Étranger', 'etranger'],
    ['DOMICILIËRING', 'domiciliering'],
    ['Ça', 'ca'],
  ])('folds %j to %j', (term, folded) => {
    expect(foldTerm(term)).toBe(folded);
  });
});
