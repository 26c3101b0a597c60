import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExplanationLine, InvoiceExplanation } from '#contract/bill-explanation';
import { formatCountry, formatMoneyCents, formatMoneyDifference } from '#lib/format';
import { paths, withQuery } from '#lib/route-paths';
import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { todayOnDevice } from './dates.ts';

/*
 * Why a bill is different, cause by cause (docs/product/invoices.md "Why this bill is different"): each line in plain
 * words with its amount, the out-of-bundle ones opening their records, the VAT as the invoice shows it. The lines come
 * from contract/bill-explanation.ts and add up to the difference.
 */

type Lang = 'fr' | 'nl' | 'en';

/** Whether a cycle is the line's previous bill today (the consumption screen rates that one with its plan). */
const isPreviousBill = (period: { start: string }): boolean =>
  cycleDates(monthlyCycle(Number(period.start.slice(8, 10))), todayOnDevice(), 1).start === period.start;

/**
 * The consumption details of a cause's line, cycle, zone and kind: the screen rates that cycle's records as it was
 * billed (the previous bill with its summary's plan, an earlier one, opened as the range of its days, with that cycle's
 * summary), so their sum is the cause's figure. `contractId` selects the cause's line (docs/product/home.md "Which line
 * is shown"), so that a cause of another line of the account opens that line's records.
 */
const recordsOf = (line: ExplanationLine): string | null => {
  if (line.cause !== 'usage' || !line.category || !line.period || line.current_cents === 0) return null;
  const [zone, kind] = line.category.split(':');
  if (!zone || !kind || zone === 'estimate') return null;
  const previous = isPreviousBill(line.period);
  return withQuery(paths.consumptionDetails, {
    period: previous ? 'previous' : 'range',
    from: previous ? null : line.period.start,
    to: previous ? null : line.period.end,
    type: kind,
    zone,
    contractId: line.contract_id === null ? null : String(line.contract_id),
  });
};

/** "17 oct." / "17 okt." / "17 Oct": a day of the bill's cycle, whose year the invoice already says. */
const shortDay = (isoDate: string, lang: Lang): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );

const CauseText = ({ line, lang }: { line: ExplanationLine; lang: Lang }) => {
  const { t } = useTranslation('invoices');
  const name = line.label ? (line.label[lang] ?? line.label.fr) : '';
  const day = (date: string | null) => (date ? shortDay(date, lang) : null);
  switch (line.cause) {
    case 'plan': {
      const spans = line.spans.map((span) =>
        t('explain.span', {
          name: span.label ? (span.label[lang] ?? span.label.fr) : '',
          from: shortDay(span.from, lang),
          to: shortDay(span.to, lang),
          count: span.days,
          amount: formatMoneyCents(span.amount_cents, lang),
        }),
      );
      if (line.change === 'billed') return <>{t('explain.plan.billed', { spans: spans.join(t('explain.then')) })}</>;
      return <>{t('explain.plan.changed', { spans: spans.join(t('explain.then')) })}</>;
    }
    case 'option':
    case 'fee':
    case 'credit': {
      const date = day(line.date);
      const key = `explain.${line.cause}.${line.change}${date && (line.change === 'added' || line.change === 'removed') ? 'On' : ''}`;
      return <>{t(key as 'explain.option.added', { name, date, count: line.previous_cents === 0 ? 1 : 2 })}</>;
    }
    case 'promotion': {
      const date = day(line.date);
      const plan = line.plan ? (line.plan[lang] ?? line.plan.fr) : null;
      // Ended within this cycle: the days it applied (the plan's full price the others).
      const spans = line.spans.map((span) =>
        t('explain.span', {
          name: span.label ? (span.label[lang] ?? span.label.fr) : '',
          from: shortDay(span.from, lang),
          to: shortDay(span.to, lang),
          count: span.days,
          amount: formatMoneyCents(span.amount_cents, lang),
        }),
      );
      if (line.change === 'ended' && spans.length > 0)
        return (
          <>
            {t(`explain.promotion.endedWithin${plan ? 'OnPlan' : ''}` as 'explain.promotion.endedWithin', {
              name,
              plan,
              date: date ?? '',
              spans: spans.join(t('explain.then')),
            })}
          </>
        );
      const key = `explain.promotion.${line.change}${plan ? 'OnPlan' : ''}`;
      return <>{t(key as 'explain.promotion.started', { name, plan, date: date ?? '' })}</>;
    }
    case 'usage': {
      const category = line.category ?? 'estimate';
      const cause = t(`explain.usage.${category.replace(':', '_')}` as 'explain.usage.estimate', {
        defaultValue: t('explain.usage.estimate'),
      });
      return <>{line.country ? t('explain.inCountry', { cause, country: formatCountry(line.country, lang) }) : cause}</>;
    }
  }
};

/** One cause: its words, the figures it is the difference of, its records; and its amount. */
const CauseLine = ({
  line,
  lang,
  withPrevious,
  withNumber,
}: {
  line: ExplanationLine;
  lang: Lang;
  withPrevious: boolean;
  /** Several lines on the bill: each cause says whose it is. */
  withNumber: boolean;
}) => {
  const { t } = useTranslation('invoices');
  const records = recordsOf(line);
  return (
    <li className="explain__line" data-cause={line.cause} data-category={line.category ?? undefined}>
      <div className="explain__text">
        <span>
          <CauseText line={line} lang={lang} />
          {withNumber && line.msisdn ? <span className="muted"> · {line.msisdn}</span> : null}
        </span>
        {withPrevious && line.cause === 'usage' ? (
          <span className="muted explain__figures">
            {t('explain.figures', {
              current: formatMoneyCents(line.current_cents, lang),
              previous: formatMoneyCents(line.previous_cents, lang),
            })}
          </span>
        ) : null}
        {records ? (
          <Link to={records} className="explain__records">
            {t('explain.records', { amount: formatMoneyCents(line.current_cents, lang) })}
          </Link>
        ) : null}
      </div>
      <span className="explain__amount">
        {withPrevious ? formatMoneyDifference(line.amount_cents, lang) : formatMoneyCents(line.amount_cents, lang)}
      </span>
    </li>
  );
};

/**
 * The explanation of an invoice's total against the previous one (`previous` null: what its total is made of), or of
 * the next bill against the last one (`next`).
 */
export const ExplanationList = ({
  explanation,
  kind,
  headingId,
}: {
  explanation: InvoiceExplanation;
  kind: 'cycle' | 'oneOff' | 'next';
  headingId: string;
}) => {
  const { t, i18n } = useTranslation('invoices');
  const lang = (['fr', 'nl', 'en'].includes(i18n.language) ? i18n.language : 'fr') as Lang;
  const withPrevious = explanation.previous !== null;
  const numbers = new Set(explanation.lines.flatMap((line) => (line.msisdn ? [line.msisdn] : []))).size;
  const difference = explanation.difference_cents;
  const summary = !withPrevious
    ? t(kind === 'oneOff' ? 'explain.oneOff' : 'explain.first')
    : difference === 0
      ? t(kind === 'next' ? 'explain.nextSame' : 'explain.same', {
          previous: formatMoneyCents(explanation.previous?.total_cents ?? 0, lang),
        })
      : t(`explain.${kind === 'next' ? 'next' : ''}${difference > 0 ? 'higher' : 'lower'}` as 'explain.higher', {
          amount: formatMoneyCents(Math.abs(difference), lang),
          previous: formatMoneyCents(explanation.previous?.total_cents ?? 0, lang),
        });
  return (
    <div className="explain" aria-labelledby={headingId}>
      <p className="explain__summary" data-testid="explain-summary">
        {summary}
      </p>
      {explanation.lines.length > 0 ? (
        <ul className="explain__lines">
          {explanation.lines.map((line, i) => (
            <CauseLine
              key={`${line.cause}-${line.category ?? line.label?.fr ?? ''}-${line.contract_id ?? ''}-${i}`}
              line={line}
              lang={lang}
              withPrevious={withPrevious}
              withNumber={numbers > 1}
            />
          ))}
        </ul>
      ) : null}
      {withPrevious && difference !== 0 ? (
        <p className="muted explain__vat">
          {t('explain.vat', {
            excl: formatMoneyDifference(explanation.vat.excl_vat_cents, lang),
            vat: formatMoneyDifference(explanation.vat.vat_cents, lang),
          })}
        </p>
      ) : null}
    </div>
  );
};
