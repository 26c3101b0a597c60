import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { newOrderLineSchema } from '#contract/orders';
import { vatBreakdown } from '#contract/pricing';
import { isValidStructuredCommunication } from '#contract/structured-communication';
import { appContext } from '#server/app';
import type { Db } from '#server/db/database';
import { DEMO_IDS } from '#server/demo/data/ids';
import { issueDocument } from '#server/lib/billing-documents';
import { billingRun, dueInvoices, issueDueInvoice } from '#server/lib/billing-run';
import { addDaysToDate, daysBetween, localDate, startOfLocalDay } from '#contract/calendar';
import { CREDIT_NOTE_REUSE_DAYS } from '#contract/billing';
import { createSession } from '#server/lib/sessions';
import { isUniqueViolation, writeTransaction } from '#server/db/engine';
import { bearer, createTestApp, type TestApp } from './test-app.ts';
import { closeTestDatabase, openTestDatabase, sqlRow, sqlRows } from './test-database.ts';

/*
 * The billing run (server/lib/billing-run.ts) on the test clock and in the seed: docs/product/invoices.md "The billing
 * run". The test app is seeded at the real now; the clock then moves to the next close of the lines billed on the 1st
 * (Martin Logistics' two cost centres, Yasmine).
 */

const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;
const P = DEMO_IDS.products;
const MINUTE = 60_000;

type InvoiceRecord = {
  id: number;
  customer_id: number;
  cost_center_id: number | null;
  piece_id: string;
  document_type: string;
  period_start: string | null;
  period_end: string | null;
  generated_at: string;
  due_date: string;
  total_incl_vat_cents: number;
  total_excl_vat_cents: number;
  vat_cents: number;
  structured_communication: string;
  paid: number;
  emailed_at: string | null;
};
type LineRow = {
  kind: string;
  label_json: string | null;
  amount_cents: number;
  amount_excl_vat_cents: number;
  period_from: string | null;
  period_to: string | null;
  contract_id: number | null;
};

const invoices = (db: Db, where = '1 = 1', ...args: unknown[]): Promise<InvoiceRecord[]> =>
  sqlRows<InvoiceRecord>(db, `SELECT * FROM invoices WHERE ${where} ORDER BY id`, ...args);
const linesOf = (db: Db, invoiceId: number): Promise<LineRow[]> =>
  sqlRows<LineRow>(db, 'SELECT * FROM invoice_lines WHERE invoice_id = ? ORDER BY position', invoiceId);

/** Every invoice adds up: its lines incl. VAT to its total, its lines excl. VAT to its total excl. VAT, excl. + VAT to incl. */
const expectAddsUp = async (db: Db, invoice: InvoiceRecord): Promise<void> => {
  const lines = await linesOf(db, invoice.id);
  expect(lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(invoice.total_incl_vat_cents);
  expect(lines.reduce((sum, line) => sum + line.amount_excl_vat_cents, 0)).toBe(invoice.total_excl_vat_cents);
  expect(invoice.total_excl_vat_cents + invoice.vat_cents).toBe(invoice.total_incl_vat_cents);
  expect(vatBreakdown(invoice.total_incl_vat_cents)).toEqual({
    excl: invoice.total_excl_vat_cents,
    vat: invoice.vat_cents,
    incl: invoice.total_incl_vat_cents,
  });
};

/** Each series (F2026, NC2026 …) is numbered 1 … n in the order its documents were written. */
const expectGapless = async (db: Db): Promise<void> => {
  const bySeries = new Map<string, number[]>();
  for (const row of await invoices(db)) {
    const [series = '', number = ''] = row.piece_id.split('-');
    bySeries.set(series, [...(bySeries.get(series) ?? []), Number(number)]);
  }
  for (const [series, numbers] of bySeries) {
    expect(numbers, series).toEqual(numbers.map((_, i) => i + 1));
    const stored = await db.selectFrom('document_sequences').select('last_number').where('series', '=', series).executeTakeFirst();
    expect(stored?.last_number, series).toBe(numbers.length);
  }
};

describe('the billing run on the test clock', () => {
  let t: TestApp;
  let seededAt: Date;
  let close: Date;
  let emmaToken = '';
  const outbox = (recipient: string) =>
    t.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', recipient).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    seededAt = appContext(t.app).clock.now();
    // The next close of the cycles on the 1st, half a minute after midnight (the scheduler runs every 30 s).
    close = new Date(startOfLocalDay(addDaysToDate(cycleDates(monthlyCycle(1), localDate(seededAt.getTime())).end, 1)) + 30_000);
    emmaToken = (await createSession(t.db, DEMO_IDS.users.emma, seededAt)).accessToken;
  });
  afterAll(() => t.close());

  const runAt = async (at: Date) => {
    appContext(t.app).clock.set(at);
    const outcomes = await appContext(t.app).scheduler.runDue();
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  };

  it('has nothing to bill between two closes', async () => {
    const before = (await invoices(t.db)).length;
    await runAt(new Date(seededAt.getTime() + MINUTE));
    expect(await invoices(t.db)).toHaveLength(before);
    expect(await dueInvoices(t.db, localDate(seededAt.getTime()))).toEqual([]);
  });

  it('bills an option taken this month for its days, as its order said (pro rata)', async () => {
    // Emma's line waits for an option order: a new option change applies to the current month, from today.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customer/${C.martinLogistics}/contract/${K.emmaOrders}/orders/create`,
      headers: bearer(emmaToken),
      payload: { product: P.proUnlimited, options: [{ id: P.extra5Gb, combinations: 1 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = newOrderLineSchema.parse(response.json());
    const today = localDate(seededAt.getTime());
    expect(order.pricing?.proRata).toMatchObject({ from: today, lines: [{ id: P.extra5Gb, quantity: 1 }] });
    // QUEUED at once, executed a minute later: the line holds Extra 5 GB from today.
    await runAt(new Date(seededAt.getTime() + 2 * MINUTE));
    await runAt(new Date(seededAt.getTime() + 4 * MINUTE));
    const held = await t.db
      .selectFrom('subscription_periods')
      .select('start_date')
      .where('contract_id', '=', K.emmaOrders)
      .where('product_id', '=', P.extra5Gb)
      .where('kind', '=', 'option')
      .where('end_date', 'is', null)
      .executeTakeFirst();
    expect(held?.start_date).toBe(today);

    await runAt(close);
    const [administration] = await invoices(
      t.db,
      'customer_id = ? AND cost_center_id = 2 AND period_end = ?',
      C.martinLogistics,
      addDaysToDate(localDate(close.getTime()), -1),
    );
    if (!administration) throw new Error('no invoice for the Administration cost centre');
    const extra = (await linesOf(t.db, administration.id)).find(
      (line) => line.kind === 'option' && line.label_json?.includes('Extra 5 GB'),
    );
    expect(extra).toMatchObject({ amount_cents: order.pricing?.proRata?.total, period_from: today, contract_id: K.emmaOrders });
  });

  it('invoices each closed cycle at its close: one invoice per customer and cost centre, with its number, communication, due date and totals', async () => {
    const lastDay = addDaysToDate(localDate(close.getTime()), -1);
    const issued = await invoices(t.db, 'period_end = ?', lastDay);
    expect(issued.map((row) => [row.customer_id, row.cost_center_id]).sort()).toEqual([
      [C.martinLogistics, 1],
      [C.martinLogistics, 2],
      [C.yasmine, null],
    ]);
    const year = localDate(close.getTime()).slice(0, 4);
    for (const invoice of issued) {
      expect(invoice.piece_id).toMatch(new RegExp(`^F${year}-\\d{6}$`));
      expect(isValidStructuredCommunication(invoice.structured_communication)).toBe(true);
      expect(invoice.period_start).toBe(cycleDates(monthlyCycle(1), lastDay).start);
      expect(invoice.due_date).toBe(addDaysToDate(localDate(close.getTime()), 15));
      expect(invoice.generated_at).toBe(close.toISOString());
      expect(invoice.paid).toBe(0);
      await expectAddsUp(t.db, invoice);
    }
    // Lucas' line alone on the Transport invoice; Emma's two lines on Administration's.
    const transport = issued.find((row) => row.cost_center_id === 1)!;
    expect(new Set((await linesOf(t.db, transport.id)).map((line) => line.contract_id))).toEqual(new Set([K.lucas]));
    const administration = issued.find((row) => row.cost_center_id === 2)!;
    expect(new Set((await linesOf(t.db, administration.id)).map((line) => line.contract_id))).toEqual(new Set([K.emmaOrders, K.emmaFraud]));
    // Yasmine's plan with her welcome promotion, her option, and her usage in the rating's words.
    const yasmine = await linesOf(t.db, issued.find((row) => row.customer_id === C.yasmine)!.id);
    expect(yasmine.map((line) => line.kind)).toEqual(expect.arrayContaining(['plan', 'promotion', 'option']));
    await expectGapless(t.db);
  });

  it('sends each invoice its e-mail in the holder’s language, and the INV alert its settings ask for', async () => {
    const lastDay = addDaysToDate(localDate(close.getTime()), -1);
    const issued = await invoices(t.db, 'period_end = ?', lastDay);
    expect(issued.every((row) => row.emailed_at !== null)).toBe(true);
    const yasmine = issued.find((row) => row.customer_id === C.yasmine)!;
    const mail = (await outbox('yasmine.elamrani@example.be')).find((m) => m.subject === `Votre facture ${yasmine.piece_id}`);
    expect(mail?.body).toContain(
      `Total TVA comprise: ${new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' }).format(yasmine.total_incl_vat_cents / 100).replace(/[\u202F\u00A0]/g, ' ')}`,
    );
    expect(mail?.body).toContain('/bills/main');
    const emma = await outbox('emma@martin-logistics.example.be');
    for (const row of issued.filter((r) => r.customer_id === C.martinLogistics)) {
      expect(emma.filter((m) => m.subject === `Your invoice ${row.piece_id}`)).toHaveLength(1);
    }
    // The alert engine announced each one (INV, e-mail on for every demo line): once per invoice.
    const announced = (
      await t.db.selectFrom('alert_events').select('event_key').distinct().where('event_key', 'like', 'INV:%').execute()
    ).map((row) => row.event_key);
    for (const row of issued) {
      const { uuid } = await t.db.selectFrom('invoices').select('uuid').where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(announced).toContain(`INV:${uuid}`);
    }
    expect(emma.filter((m) => m.subject === 'New invoice')).toHaveLength(2);
  });

  it('issues nothing when it runs again for the same cycle, later that day or the next', async () => {
    const count = (await invoices(t.db)).length;
    const mails = {
      n: Number(
        (
          await t.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.max('id').as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    };
    await runAt(close);
    await runAt(new Date(close.getTime() + 6 * 3_600_000));
    await runAt(new Date(close.getTime() + 86_400_000));
    expect(await invoices(t.db)).toHaveLength(count);
    expect(await billingRun(t.db, new Date(close.getTime() + 86_400_000))).toEqual([]);
    const invoiceMails = Number(
      (await sqlRow<{ n: number }>(t.db, "SELECT COUNT(*) AS n FROM outbox WHERE id > ? AND subject LIKE '%F20%'", mails.n)).n,
    );
    expect(invoiceMails).toBe(0);
  });

  it('lets two runs meet: the second finds the cycle billed, and the key refuses a second one', async () => {
    // A run that read what was due before another run billed it writes nothing when its turn comes.
    const later = new Date(close.getTime() + 40 * 86_400_000);
    const stale = await dueInvoices(t.db, localDate(later.getTime()));
    expect(stale.length).toBeGreaterThan(0);
    const issued = await billingRun(t.db, later);
    expect(issued.length).toBeGreaterThan(0);
    const before = (await invoices(t.db)).length;
    for (const due of stale) expect(await issueDueInvoice(t.db, due, later)).toBeNull();
    expect(await invoices(t.db)).toHaveLength(before);
    const billed = await t.db.selectFrom('billed_cycles').select(['contract_id', 'period_start']).limit(1).executeTakeFirstOrThrow();
    const refused = await t.db
      .insertInto('billed_cycles')
      .values({ contract_id: billed.contract_id, period_start: billed.period_start, period_end: '2099-01-01', billed_at: '2099-01-01' })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(refused)).toBe(true);
    await expectGapless(t.db);
  });

  it('gives a rolled-back document its number back: the numbering stays gapless', async () => {
    const before = (await invoices(t.db)).length;
    const document = {
      customerId: C.sophie,
      costCenterId: null,
      contractId: K.sophieMain,
      type: 'invoice' as const,
      lines: [
        {
          contractId: K.sophieMain,
          msisdn: '0470000001',
          kind: 'fee' as const,
          label: null,
          category: null,
          quantity: 1,
          amount: 500,
          from: null,
          to: null,
        },
      ],
      period: null,
      now: appContext(t.app).clock.now(),
    };
    await expect(
      writeTransaction(t.db, async (tx) => {
        await issueDocument(tx, { ...document, uuid: '00000000-0000-4000-8000-000000000001' });
        throw new Error('the write fails after the number was taken');
      }),
    ).rejects.toThrow('the write fails');
    expect(await invoices(t.db)).toHaveLength(before);
    await writeTransaction(t.db, (tx) => issueDocument(tx, { ...document, uuid: '00000000-0000-4000-8000-000000000002' }));
    await expectGapless(t.db);
  });

  it('takes a credit note issued within 5 days off the next invoice, and leaves an older one to be refunded', async () => {
    const nextClose = new Date(
      startOfLocalDay(addDaysToDate(cycleDates(monthlyCycle(1), localDate(close.getTime() + 45 * 86_400_000)).end, 1)) + 30_000,
    );
    const issuedAt = new Date(nextClose.getTime() - 3 * 86_400_000);
    const credit = await writeTransaction(t.db, (tx) =>
      issueDocument(tx, {
        customerId: C.yasmine,
        costCenterId: null,
        contractId: K.yasmine,
        type: 'credit_note',
        lines: [
          {
            contractId: K.yasmine,
            msisdn: '0470000007',
            kind: 'fee',
            label: { fr: 'Geste', nl: 'Gebaar', en: 'Goodwill' },
            category: null,
            quantity: 1,
            amount: -500,
            from: null,
            to: null,
          },
        ],
        period: null,
        now: issuedAt,
        uuid: '00000000-0000-4000-8000-000000000003',
      }),
    );
    expect(credit.piece).toMatch(/^NC\d{4}-\d{6}$/);
    await runAt(nextClose);
    const [invoice] = await invoices(
      t.db,
      "customer_id = ? AND document_type = 'invoice' AND period_end = ?",
      C.yasmine,
      addDaysToDate(localDate(nextClose.getTime()), -1),
    );
    if (!invoice) throw new Error('no invoice for Yasmine at the next close');
    const deduction = (await linesOf(t.db, invoice.id)).find((line) => line.kind === 'credit');
    expect(deduction?.amount_cents).toBe(-500);
    expect(deduction?.label_json).toContain(credit.piece);
    await expectAddsUp(t.db, invoice);
    expect((await invoices(t.db, 'id = ?', credit.id))[0]?.paid).toBe(1);
    // The demo's credit note, issued a few days before the seed's now: taken off the first invoice issued within 5 days
    // of it (the seed may be made just before a close), else still open and refunded.
    // The last one issued: her goodwill credit, issued before her last seeded invoice, was taken off it in the seed.
    const demoNote = (await invoices(t.db, "customer_id = ? AND document_type = 'credit_note' AND id <> ?", C.yasmine, credit.id)).at(-1);
    if (!demoNote) throw new Error('no demo credit note for Yasmine');
    const demoIssued = localDate(Date.parse(demoNote.generated_at));
    const takenOff = (
      await sqlRows<{ id: number }>(
        t.db,
        "SELECT id FROM invoice_lines WHERE kind = 'credit' AND label_json LIKE ?",
        `%${demoNote.piece_id}%`,
      )
    ).length;
    const reusable = daysBetween(demoIssued, localDate(close.getTime())) - 1 <= CREDIT_NOTE_REUSE_DAYS;
    expect({ paid: demoNote.paid, takenOff }).toEqual(reusable ? { paid: 1, takenOff: 1 } : { paid: 0, takenOff: 0 });
    await expectGapless(t.db);
  });
});

describe('the seed runs the billing up to today, whatever the day of the first start', () => {
  // The seed is the billing run at each close of the last 6 cycles (server/demo/seeding/invoices.ts).
  const BILLED: { customerId: number; startDay: number; groups: number }[] = [
    { customerId: C.sophie, startDay: 5, groups: 1 },
    { customerId: C.marc, startDay: 15, groups: 1 },
    { customerId: C.martinLogistics, startDay: 1, groups: 2 },
    { customerId: C.yasmine, startDay: 1, groups: 1 },
  ];

  it.each([
    ['27 November 2026 (the day the issue was written)', '2026-11-27T10:00:00.000Z'],
    ['1 January 2027 at 04:00, before the day’s run hour: the December cycle is billed all the same', '2027-01-01T03:00:00.000Z'],
    ['15 March 2026, over a new year: the F2025 series, then F2026 from 1', '2026-03-15T12:00:00.000Z'],
  ])(
    'on %s every billed customer’s last closed cycle is invoiced',
    async (_name, iso) => {
      const now = new Date(iso);
      const db = await openTestDatabase({ now });
      try {
        const today = localDate(now.getTime());
        for (const account of BILLED) {
          const last = cycleDates(monthlyCycle(account.startDay), today, 1);
          const rows = await invoices(db, "customer_id = ? AND document_type = 'invoice' AND period_start IS NOT NULL", account.customerId);
          expect(rows, `customer ${account.customerId}`).toHaveLength(6 * account.groups);
          const latest = rows.filter((row) => row.period_end === last.end);
          expect(latest, `customer ${account.customerId} ${last.start}–${last.end}`).toHaveLength(account.groups);
          for (const row of rows) await expectAddsUp(db, row);
        }
        await expectGapless(db);
        // Marc in debt: his last invoice open, the one before past due with 15 € paid.
        const marc = await invoices(db, "customer_id = ? AND paid = 0 AND document_type = 'invoice'", C.marc);
        expect(marc).toHaveLength(2);
        expect(marc[0]!.due_date < today).toBe(true);
        expect(
          (await db.selectFrom('invoices').select('partial_paid_cents').where('id', '=', marc[0]!.id).executeTakeFirst())
            ?.partial_paid_cents,
        ).toBe(1500);
        // Yasmine's credit note, and nothing e-mailed twice: the seed's documents count as sent.
        expect(await invoices(db, "customer_id = ? AND document_type = 'credit_note' AND paid = 0", C.yasmine)).toHaveLength(1);
        expect(await invoices(db, 'emailed_at IS NULL')).toEqual([]);
        // A second run at the seed's now finds nothing to bill.
        expect(await billingRun(db, now)).toEqual([]);
      } finally {
        await closeTestDatabase(db);
      }
    },
    120_000,
  );
});
