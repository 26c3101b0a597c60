import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainInvoice, mainCause, previousInvoiceOf, type ExplainableInvoice, type InvoiceSummary } from '#contract/bill-explanation';
import { explainNextInvoice, worthSaying } from '#contract/bill-explanation-next';
import { creditsToDeduct, invoiceTotals, lineCycleLines, type BilledLine, type HeldItem } from '#contract/billing';
import { addDaysToDate } from '#contract/calendar';
import { forecastShares } from '#contract/estimate';
import type { PromotionTerms } from '#contract/pricing';
import { bundleOf, emptyUsageTotals, rateUsage, type UsageKind } from '#contract/rating';

/*
 * docs/product/invoices.md "Why this bill is different": the causes of a difference are the invoices' own lines, kind
 * by kind, so they add up to the difference to the cent, each equal to the billing model's figure.
 */

const t = (text: string) => ({ fr: text, nl: text, en: text });
const S: Omit<HeldItem, 'from' | 'to'> = { kind: 'plan', productId: 1, name: 'Mega Mobile S', price: 1000, count: 1 };
const M: Omit<HeldItem, 'from' | 'to'> = { kind: 'plan', productId: 2, name: 'Mega Mobile M', price: 2000, count: 1 };
const L: Omit<HeldItem, 'from' | 'to'> = { kind: 'plan', productId: 3, name: 'Mega Mobile L', price: 3500, count: 1 };
const INTL: Omit<HeldItem, 'from' | 'to'> = { kind: 'option', productId: 13, name: 'International 60', price: 500, count: 1 };
const PROMOTIONS: PromotionTerms[] = [
  { id: 1, productId: 2, contractId: null, type: 'percentage', amount: 20, label: t('-20 % M') },
  { id: 4, productId: null, contractId: 1, type: 'amount', amount: 300, label: t('Referral') },
];
const SEPTEMBER = { start: '2026-09-05', end: '2026-10-04' };
const OCTOBER = { start: '2026-10-05', end: '2026-11-04' };

let serial = 0;
/** An invoice as the billing run writes it: its lines, their amounts excl. VAT and its totals. */
const invoiceOf = (
  period: { start: string; end: string } | null,
  lines: readonly BilledLine[],
  extra: Partial<ExplainableInvoice> = {},
): ExplainableInvoice => {
  const totals = invoiceTotals(lines);
  serial += 1;
  return {
    uuid: `u${serial}`,
    document_type: 'invoice',
    cost_center_id: null,
    generated_at: period ? `${addDaysToDate(period.end, 1)}T04:00:00.000Z` : '2026-11-20T10:00:00.000Z',
    period_start: period?.start ?? null,
    period_end: period?.end ?? null,
    total_cents: totals.incl,
    excl_vat_cents: totals.excl,
    vat_cents: totals.vat,
    lines: lines.map((line, i) => ({
      contract_id: line.contractId,
      msisdn: line.msisdn,
      kind: line.kind,
      label: line.label,
      category: line.category,
      quantity: line.quantity,
      amount_cents: line.amount,
      amount_excl_vat_cents: totals.linesExcl[i] ?? 0,
      from: line.from,
      to: line.to,
    })),
    ...extra,
  };
};

const cycle = (
  period: { start: string; end: string },
  held: HeldItem[],
  usage: { category: string; amount: number }[] = [],
  promotions: PromotionTerms[] = PROMOTIONS,
) =>
  lineCycleLines({
    contractId: 1,
    msisdn: '0470000001',
    period,
    held,
    promotions,
    usage: usage.map((u) => ({ ...u, label: t(u.category) })),
  });

const brief = (explanation: ReturnType<typeof explainInvoice>) =>
  explanation.lines.map((line) => [line.cause, line.change, line.label?.en ?? line.category ?? null, line.amount_cents, line.date]);

describe('an invoice explained against the previous one', () => {
  it.each<[string, BilledLine[], BilledLine[], unknown[][]]>([
    [
      'a plan change within the cycle: the plan with its days, the promotion of the new plan started',
      cycle(SEPTEMBER, [{ ...S, from: '2025-01-01', to: null }], [{ category: 'domestic:data', amount: 6391 }]),
      cycle(OCTOBER, [
        { ...S, from: '2025-01-01', to: '2026-10-16' },
        { ...M, from: '2026-10-17', to: null },
      ]),
      [
        // S for 12 of 31 days (387), M for 19 (1226): 1613 against 1000.
        ['plan', 'changed', null, 613, null],
        ['promotion', 'started', '-20 % M', -245, '2026-10-17'],
        ['usage', 'removed', 'domestic:data', -6391, null],
      ],
    ],
    [
      'a promotion that ended with its plan, an option added, use abroad',
      cycle(SEPTEMBER, [{ ...M, from: '2025-01-01', to: null }]),
      cycle(
        OCTOBER,
        [
          { ...M, from: '2025-01-01', to: '2026-10-19' },
          { ...L, from: '2026-10-20', to: null },
          { ...INTL, from: '2026-10-20', to: null },
        ],
        [
          { category: 'world:data', amount: 776 },
          { category: 'premium:sms', amount: 300 },
        ],
      ),
      [
        // M for 15 of 31 days (968), L for 16 (1806): 2774 against 2000.
        ['plan', 'changed', null, 774, null],
        ['option', 'added', 'International 60', 258, '2026-10-20'],
        // −20 % of M for 15 days (−194) against −400: its last day was M's.
        ['promotion', 'ended', '-20 % M', 206, '2026-10-19'],
        ['usage', 'added', 'world:data', 776, null],
        ['usage', 'added', 'premium:sms', 300, null],
      ],
    ],
    [
      'a promotion that ends within the cycle on its own end date: its days, then the full price',
      cycle(SEPTEMBER, [{ ...M, from: '2025-01-01', to: null }]),
      cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }], [], [{ ...PROMOTIONS[0]!, endsOn: '2026-10-09' }, PROMOTIONS[1]!]),
      [
        // −20 % of M for 5 of 31 days (−65) against −400.
        ['promotion', 'ended', '-20 % M', 335, '2026-10-09'],
      ],
    ],
    [
      'a promotion that ended with the previous cycle: its last day was the previous invoice’s',
      cycle(SEPTEMBER, [{ ...M, from: '2025-01-01', to: null }], [], [{ ...PROMOTIONS[0]!, endsOn: '2026-10-04' }, PROMOTIONS[1]!]),
      cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }], [], [{ ...PROMOTIONS[0]!, endsOn: '2026-10-04' }, PROMOTIONS[1]!]),
      [['promotion', 'ended', '-20 % M', 400, '2026-10-04']],
    ],
    [
      'nothing changed: no cause',
      cycle(SEPTEMBER, [{ ...M, from: '2025-01-01', to: null }], [{ category: 'international:call', amount: 240 }]),
      cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }], [{ category: 'international:call', amount: 240 }]),
      [],
    ],
  ])('%s', (_name, before, after, expected) => {
    const previous = invoiceOf(SEPTEMBER, before);
    const current = invoiceOf(OCTOBER, after);
    const explanation = explainInvoice(current, previous);
    expect(brief(explanation)).toEqual(expected);
    expect(explanation.difference_cents).toBe(current.total_cents - previous.total_cents);
    expect(explanation.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(explanation.difference_cents);
    expect(explanation.vat.excl_vat_cents + explanation.vat.vat_cents).toBe(explanation.difference_cents);
  });

  it('gives the days each plan applied', () => {
    const previous = invoiceOf(SEPTEMBER, cycle(SEPTEMBER, [{ ...S, from: '2025-01-01', to: null }]));
    const current = invoiceOf(
      OCTOBER,
      cycle(OCTOBER, [
        { ...S, from: '2025-01-01', to: '2026-10-16' },
        { ...M, from: '2026-10-17', to: null },
      ]),
    );
    const plan = explainInvoice(current, previous).lines.find((line) => line.cause === 'plan');
    expect(plan?.spans.map((span) => [span.label?.en, span.from, span.to, span.days, span.amount_cents])).toEqual([
      ['Mega Mobile S', '2026-10-05', '2026-10-16', 12, 387],
      ['Mega Mobile M', '2026-10-17', '2026-11-04', 19, 1226],
    ]);
    expect(explainInvoice(current, previous).lines.find((line) => line.cause === 'promotion')?.plan?.en).toBe('Mega Mobile M');
  });

  it('lists a credit note taken off, and the one of the previous invoice as gone', () => {
    const lines = cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }]);
    const credit = (piece: string, amount: number): BilledLine => ({
      contractId: null,
      msisdn: null,
      kind: 'credit',
      label: t(`Credit note ${piece} deducted`),
      category: null,
      quantity: 1,
      amount: -amount,
      from: null,
      to: null,
    });
    const previous = invoiceOf(SEPTEMBER, [...cycle(SEPTEMBER, [{ ...M, from: '2025-01-01', to: null }]), credit('NC1', 200)]);
    const current = invoiceOf(OCTOBER, [...lines, credit('NC2', 500)]);
    expect(brief(explainInvoice(current, previous))).toEqual([
      ['credit', 'added', 'Credit note NC2 deducted', -500, null],
      ['credit', 'removed', 'Credit note NC1 deducted', 200, null],
    ]);
  });

  it('without a previous invoice, explains the total', () => {
    const current = invoiceOf(
      OCTOBER,
      cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }], [{ category: 'premium:sms', amount: 150 }]),
    );
    const explanation = explainInvoice(current, null);
    expect(explanation.previous).toBeNull();
    expect(explanation.difference_cents).toBe(current.total_cents);
    expect(brief(explanation)).toEqual([
      ['plan', 'billed', null, 2000, null],
      ['promotion', 'billed', '-20 % M', -400, null],
      ['promotion', 'billed', 'Referral', -300, null],
      ['usage', 'billed', 'premium:sms', 150, null],
    ]);
  });

  it('names the main cause: the largest in the direction of the difference', () => {
    const previous = invoiceOf(
      SEPTEMBER,
      cycle(SEPTEMBER, [{ ...M, from: '2025-01-01', to: null }], [{ category: 'premium:sms', amount: 900 }]),
    );
    const current = invoiceOf(
      OCTOBER,
      cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }], [{ category: 'world:data', amount: 1500 }]),
    );
    expect(mainCause(explainInvoice(current, previous))?.category).toBe('world:data');
  });
});

describe('the previous invoice', () => {
  const summary = (uuid: string, start: string | null, extra: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
    uuid,
    document_type: 'invoice',
    cost_center_id: null,
    generated_at: `${start ?? '2026-11-20'}T00:00:00.000Z`,
    period_start: start,
    period_end: start ? addDaysToDate(start, 29) : null,
    total_cents: 100,
    ...extra,
  });
  const list = [
    summary('aug', '2026-08-05'),
    summary('sep', '2026-09-05'),
    summary('sep-cc', '2026-09-05', { cost_center_id: 2 }),
    summary('fee', null),
    summary('credit', null, { document_type: 'credit_note' }),
    summary('oct', '2026-10-05'),
  ];
  it.each<[string, InvoiceSummary, string | null]>([
    ['the latest cycle before, same cost centre', summary('oct', '2026-10-05'), 'sep'],
    ['of a cost centre: that cost centre’s', summary('oct-cc', '2026-10-05', { cost_center_id: 2 }), 'sep-cc'],
    ['the first one: none', summary('aug', '2026-08-05'), null],
    ['a one-off invoice: none', summary('fee', null), null],
    ['a credit note: none', summary('credit', null, { document_type: 'credit_note' }), null],
  ])('%s', (_name, invoice, expected) => {
    expect(previousInvoiceOf(invoice, list)?.uuid ?? null).toBe(expected);
  });
});

describe('the next invoice against the last one', () => {
  it.each<[number, number, boolean]>([
    [501, 10_000, true],
    [-501, 10_000, true],
    [500, 10_000, false],
    [101, 1000, true],
    [100, 1000, false],
    [0, 0, false],
  ])('%i cents on %i: worth saying %s', (difference, last, expected) => {
    expect(worthSaying(difference, last)).toBe(expected);
  });

  it('compares the estimate with the last cycle’s invoices, its usage as one cause', () => {
    const last = invoiceOf(OCTOBER, cycle(OCTOBER, [{ ...M, from: '2025-01-01', to: null }], [{ category: 'premium:sms', amount: 300 }]));
    const next = explainNextInvoice(
      {
        contracts: [
          {
            contractId: 1,
            msisdn: '0470000001',
            period: { start: '2026-11-05', end: '2026-12-04' },
            lines: [
              { kind: 'plan', label: t('Mega Mobile M'), quantity: 1, amount: 2000 },
              { kind: 'promotion', label: t('-20 % M'), quantity: 1, amount: -400 },
              { kind: 'promotion', label: t('Referral'), quantity: 1, amount: -300 },
              { kind: 'usage', label: null, quantity: 1, amount: 900 },
              { kind: 'forecast', label: null, quantity: 1, amount: 600 },
            ],
            total: 2800,
          },
        ],
        total: 2800,
      },
      [last],
    );
    expect(next?.difference_cents).toBe(2800 - last.total_cents);
    expect(next?.lines.map((line) => [line.cause, line.category, line.amount_cents])).toEqual([['usage', 'estimate', 1200]]);
    expect(next?.worthSaying).toBe(true);
    expect(next?.main?.cause).toBe('usage');
  });

  it('with the estimate’s causes: each zone and kind against the last bill’s, roaming with its country', () => {
    const last = invoiceOf(
      OCTOBER,
      cycle(
        OCTOBER,
        [{ ...M, from: '2025-01-01', to: null }],
        [
          { category: 'international:call', amount: 240 },
          { category: 'world:data', amount: 300 },
        ],
      ),
    );
    const next = explainNextInvoice(
      {
        contracts: [
          {
            contractId: 1,
            msisdn: '0470000001',
            period: { start: '2026-11-05', end: '2026-12-04' },
            lines: [
              { kind: 'plan', label: t('Mega Mobile M'), quantity: 1, amount: 2000 },
              { kind: 'promotion', label: t('-20 % M'), quantity: 1, amount: -400 },
              { kind: 'promotion', label: t('Referral'), quantity: 1, amount: -300 },
              { kind: 'usage', label: null, quantity: 1, amount: 1100 },
              { kind: 'forecast', label: null, quantity: 1, amount: 250 },
            ],
            outOfBundle: [
              { category: 'international:call', country: null, charged: 100, forecast: 50 },
              { category: 'world:data', country: 'CH', charged: 1000, forecast: 200 },
            ],
            total: 2650,
          },
        ],
        total: 2650,
      },
      [last],
    );
    expect(next?.lines.map((line) => [line.category, line.country, line.amount_cents])).toEqual([
      ['international:call', null, -90],
      ['world:data', 'CH', 900],
    ]);
    expect(next?.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(next?.difference_cents);
    expect(next?.main).toMatchObject({ category: 'world:data', country: 'CH' });
  });
});

describe('the forecast’s share of each cause', () => {
  it.each<[number, number[], number[]]>([
    [0, [100, 300], [0, 0]],
    [100, [100, 300], [25, 75]],
    [10, [1, 1, 1], [4, 3, 3]],
    [7, [0, 0], [0, 0]],
    [5, [], []],
  ])('%i cents over %j: %j', (forecastCents, charged, expected) => {
    const shares = forecastShares(forecastCents, charged);
    expect(shares).toEqual(expected);
    if (charged.some((cents) => cents > 0)) expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(forecastCents);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The property: generated pairs of cycles
// ---------------------------------------------------------------------------------------------------------------

const MB = 1024 * 1024;
const plans = [S, M, L];
const kinds: UsageKind[] = ['data', 'call', 'sms'];

/** One generated cycle: a plan (changed within the cycle or not), options, use in every zone, credit notes. */
const cycleArb = fc.record({
  plan: fc.integer({ min: 0, max: 2 }),
  changeTo: fc.option(fc.record({ plan: fc.integer({ min: 0, max: 2 }), day: fc.integer({ min: 1, max: 29 }) })),
  option: fc.option(fc.record({ from: fc.integer({ min: 0, max: 29 }), to: fc.option(fc.integer({ min: 0, max: 29 })) })),
  use: fc.record({
    domestic: fc.tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 300 })),
    international: fc.tuple(fc.integer({ min: 0, max: 0 }), fc.integer({ min: 0, max: 9_000 }), fc.integer({ min: 0, max: 50 })),
    world: fc.tuple(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 20 })),
    premium: fc.tuple(fc.integer({ min: 0, max: 0 }), fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 900 })),
  }),
  credits: fc.array(fc.integer({ min: 1, max: 3_000 }), { maxLength: 2 }),
  /** The −20 % on M ends this many days after the cycle's start (past its end, or before it: no end inside). */
  promotionEnds: fc.option(fc.integer({ min: -5, max: 40 })),
});
type GeneratedCycle = typeof cycleArb extends fc.Arbitrary<infer T> ? T : never;

/** The model's lines of a generated cycle: billing.ts for the subscription, rating.ts for the use, credits taken off. */
const modelCycle = (generated: GeneratedCycle, period: { start: string; end: string }, tag: string) => {
  const day = (n: number) => addDaysToDate(period.start, n);
  const first = plans[generated.plan] ?? S;
  const held: HeldItem[] = [];
  if (generated.changeTo) {
    held.push({ ...first, from: '2025-01-01', to: day(generated.changeTo.day - 1) });
    held.push({ ...(plans[generated.changeTo.plan] ?? S), from: day(generated.changeTo.day), to: null });
  } else held.push({ ...first, from: '2025-01-01', to: null });
  if (generated.option) {
    const from = generated.option.from;
    const to = generated.option.to === null ? null : Math.max(from, generated.option.to);
    held.push({ ...INTL, from: day(from), to: to === null ? null : day(to) });
  }
  const totals = emptyUsageTotals();
  for (const zone of ['domestic', 'international', 'world'] as const)
    kinds.forEach((kind, i) => {
      const amount = generated.use[zone][i] ?? 0;
      totals[zone][kind].used = kind === 'data' ? amount * MB : kind === 'call' ? amount : amount;
    });
  kinds.forEach((kind, i) => {
    totals.premium[kind].priceCents = generated.use.premium[i] ?? 0;
  });
  const bundle = bundleOf({ dataMb: 10_240, voiceMinutes: 150, smsCount: 100 }, [
    { dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international', count: 1 },
    { dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'world', count: 1 },
  ]);
  const rating = rateUsage(totals, bundle, { dataPerMb: 1, callPerMinute: 15, sms: 10 });
  const endsOn = generated.promotionEnds === null ? null : day(generated.promotionEnds);
  const promotions = PROMOTIONS.map((promotion) => (promotion.id === 1 ? { ...promotion, endsOn } : promotion));
  const lines = cycle(
    period,
    held,
    rating.lines.map((line) => ({ category: `${line.zone}:${line.kind}`, amount: line.cents })),
    promotions,
  );
  const issued = addDaysToDate(period.end, 1);
  const used = creditsToDeduct(
    lines.reduce((sum, line) => sum + line.amount, 0),
    issued,
    generated.credits.map((amount, i) => ({ piece: `NC-${tag}-${i}`, issued, amount })),
  );
  for (const credit of used)
    lines.push({
      contractId: null,
      msisdn: null,
      kind: 'credit',
      label: t(credit.piece),
      category: null,
      quantity: 1,
      amount: -credit.amount,
      from: null,
      to: null,
    });
  return { lines, rating, endsOn };
};

describe('property: on any pair of cycles', () => {
  it('the causes add up to the difference to the cent, and each is the model’s figure', () => {
    fc.assert(
      fc.property(cycleArb, cycleArb, (before, after) => {
        const a = modelCycle(before, SEPTEMBER, 'a');
        const b = modelCycle(after, OCTOBER, 'b');
        const previous = invoiceOf(SEPTEMBER, a.lines);
        const current = invoiceOf(OCTOBER, b.lines);
        const explanation = explainInvoice(current, previous);
        const sumOf = (lines: readonly { amount_cents: number }[]) => lines.reduce((sum, line) => sum + line.amount_cents, 0);
        expect(sumOf(explanation.lines)).toBe(current.total_cents - previous.total_cents);
        expect(explanation.vat.excl_vat_cents + explanation.vat.vat_cents).toBe(explanation.difference_cents);
        const model = (lines: readonly BilledLine[], pick: (line: BilledLine) => boolean) =>
          lines.filter(pick).reduce((sum, line) => sum + line.amount, 0);
        for (const line of explanation.lines) {
          if (line.cause === 'usage') {
            const cents = (rating: typeof a.rating) =>
              rating.lines
                .filter((charge) => `${charge.zone}:${charge.kind}` === line.category)
                .reduce((sum, charge) => sum + charge.cents, 0);
            expect(line.amount_cents).toBe(cents(b.rating) - cents(a.rating));
          } else {
            const same = (billed: BilledLine) =>
              billed.kind === line.cause && (line.cause === 'plan' || billed.label?.fr === line.label?.fr);
            expect(line.amount_cents).toBe(model(b.lines, same) - model(a.lines, same));
          }
        }
        // No cause of nothing: a cause that did not change is left out.
        for (const line of explanation.lines) if (line.cause !== 'plan') expect(line.amount_cents).not.toBe(0);
        // Every cause of the model that differs is listed.
        const listed = new Set(explanation.lines.map((line) => `${line.cause}|${line.category ?? line.label?.fr ?? ''}`));
        for (const charge of b.rating.lines) {
          const was = a.rating.lines.find((c) => c.zone === charge.zone && c.kind === charge.kind)?.cents ?? 0;
          if (charge.cents !== was) expect(listed.has(`usage|${charge.zone}:${charge.kind}`)).toBe(true);
        }
        // A promotion of both invoices that ends inside the cycle is said to end on its own end date, with its days.
        const promotion = explanation.lines.find((line) => line.cause === 'promotion' && line.label?.fr === '-20 % M');
        const cut = b.lines.find((line) => line.kind === 'promotion' && line.label?.fr === '-20 % M' && line.to === b.endsOn);
        const had = a.lines.some((line) => line.kind === 'promotion' && line.label?.fr === '-20 % M');
        if (promotion && had && cut && b.endsOn !== null && b.endsOn < OCTOBER.end) {
          expect(promotion.change).toBe('ended');
          expect(promotion.date).toBe(b.endsOn);
          expect(promotion.spans.at(-1)?.to).toBe(b.endsOn);
        }
      }),
      { numRuns: 300, seed: 44 },
    );
  });
});
