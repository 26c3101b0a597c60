import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoneyCents } from '#lib/format';
import { rateUsage, type UsageTotals } from '#contract/rating';
import {
  formatBundleAmount,
  formatCount,
  formatUsageAmount,
  kindOfBalance,
  localDayEnd,
  localDayStart,
  type UsageKind,
} from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { UsageMeter } from '#ui/usage-meter';
import { forecast, type AggregateResult } from '#workers/usage-core';
import { billedOutOfBundle } from '../data/out-of-bundle.ts';
import { type ConsumptionContext, type UsageSummaryRow } from '../data/use-consumption.ts';
import { type UsageQueryState } from '../data/use-usage-query.ts';

export const usageKinds = ['data', 'call', 'sms'] as const;

const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };

/** Balances of the bill (used, bundle, unlimited, out-of-bundle) and, for the current bill, the forecast. */
export const Balances = ({
  summary,
  withForecast,
  fetchedAt,
}: {
  summary: UsageSummaryRow;
  withForecast: boolean;
  fetchedAt: number | undefined;
}) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  const [now] = useState(() => Date.now());
  const start = localDayStart(summary.start.slice(0, 10));
  const end = localDayEnd(summary.end.slice(0, 10));
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">{t('summary.title')}</h2>
      <p className="muted">{t('summary.period', { start: formatDate(start, lang), end: formatDate(end, lang) })}</p>
      <div className="usage-grid">
        {summary.balances.map((b) => {
          const kind = kindOfBalance(b.type);
          const fmt = (v: number) => formatUsageAmount(kind, v, lang);
          const unlimited = b.balanceValue === 0;
          const f = forecast({ used: b.value, limit: b.balanceValue, cycleStart: start, cycleEnd: end, now });
          const exhausted = !unlimited && b.value >= b.balanceValue;
          return (
            <UsageMeter
              key={b.type}
              kind={kind}
              label={t(`kinds.${kind}`)}
              valueText={
                unlimited
                  ? t('summary.unlimitedUsed', { used: fmt(b.value) })
                  : t('summary.usedOf', { used: fmt(b.value), limit: formatBundleAmount(kind, b.balanceValue, lang) })
              }
              ratio={unlimited ? null : b.value / b.balanceValue}
            >
              <p>{unlimited ? t('summary.unlimited') : t('summary.remaining', { amount: fmt(Math.max(0, b.balanceValue - b.value)) })}</p>
              {/* Incoming calls and texts never count against the bundle (contract/rating.ts): said, not added. */}
              {kind !== 'data' && summary.free[kind] > 0 ? (
                <p className="muted">{t('summary.free', { amount: fmt(summary.free[kind]) })}</p>
              ) : null}
              <p>{t('summary.oob', { amount: formatMoneyCents(b.overspentValue, lang) })}</p>
              {withForecast && f.projected !== null && !exhausted ? (
                <p className="forecast" data-warning={f.willExceed || undefined}>
                  {unlimited
                    ? t('forecast.unlimited', { projected: fmt(f.projected), date: formatDate(end, lang, dayMonth) })
                    : t('forecast.text', {
                        projected: fmt(f.projected),
                        limit: formatBundleAmount(kind, b.balanceValue, lang),
                        date: formatDate(end, lang, dayMonth),
                      })}
                </p>
              ) : null}
              {withForecast && exhausted ? (
                <p className="forecast" data-warning>
                  {t('forecast.exhausted')}
                </p>
              ) : withForecast && f.willExceed && f.exhaustionDate ? (
                <p className="forecast" data-warning>
                  {t('forecast.runsOut', { date: formatDate(f.exhaustionDate, lang, dayMonth) })}
                </p>
              ) : null}
            </UsageMeter>
          );
        })}
      </div>
      <FreshnessNote fetchedAt={fetchedAt} />
    </section>
  );
};

/** What a bill was rated with: rates the worker's totals as the server rated the bill (contract/rating.ts). */
type RatingPlan = UsageSummaryRow['plan'];

const outsideOf = (usage: UsageTotals, kind: UsageKind): number =>
  usage.international[kind].used + usage.world[kind].used + usage.premium[kind].used;

/**
 * Totals of the period as computed by the worker, as the rating counts them: in the bundle, received (free), out of
 * the bundle; and, for a bill, its out-of-bundle charges rated with the bill's plan, the figure of the summary, the
 * statement and the invoice. `data-testid` lets tests compare them across filters.
 */
const Totals = ({
  aggregate,
  count,
  busy,
  plan,
}: {
  aggregate: AggregateResult;
  count: number;
  busy: boolean;
  plan: RatingPlan | null;
}) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  const { usage } = aggregate;
  const rating = plan ? rateUsage(usage, plan.bundle, plan.rates) : null;
  const charges = rating ? rating.totalCents : null;
  // For a bill, "out of bundle" is what the invoice counts: the started units beyond every allowance (an option's
  // included), as the charges' lines have them; for a chosen range (no bill), the use outside the national bundle.
  const outside = (kind: UsageKind): string => {
    if (!rating) return formatUsageAmount(kind, outsideOf(usage, kind), lang);
    const billed = billedOutOfBundle(rating, kind);
    return t(`charges.quantity.${billed.unit}`, { count: billed.count });
  };
  return (
    <div className="totals card" role="group" aria-label={t('totals.label')} data-testid="usage-totals" aria-busy={busy}>
      <p>
        {t('totals.records')} <strong>{formatCount(count, lang)}</strong>
      </p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('totals.type')}</th>
            <th scope="col" className="num">
              {t('totals.counted')}
            </th>
            <th scope="col" className="num">
              {t('totals.free')}
            </th>
            <th scope="col" className="num">
              {t('totals.outside')}
            </th>
          </tr>
        </thead>
        <tbody>
          {usageKinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`kinds.${kind}`)}</th>
              <td className="num">{formatUsageAmount(kind, usage.domestic[kind].used, lang)}</td>
              <td className="num">{kind === 'data' ? '–' : formatUsageAmount(kind, usage.free[kind].used, lang)}</td>
              <td className="num">{outside(kind)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {charges === null ? <p className="muted">{t('totals.perBill')}</p> : <p className="muted">{t('totals.billedNote')}</p>}
      {charges === null ? null : (
        <p>
          {t('totals.charges')} <strong>{formatMoneyCents(charges, lang)}</strong>
        </p>
      )}
    </div>
  );
};

/**
 * The period's totals, or, when its records were never downloaded (offline before any online visit of the
 * period), why they are not known: a sum of the few stored records would read as the period's use. While the first
 * download runs there is no figure at all, only its progress (LoadProgress).
 */
export const PeriodTotals = ({ query, plan }: { query: UsageQueryState; plan: RatingPlan | null }) => {
  const { t } = useTranslation('consumption');
  if (query.unknown) return <Alert tone="warning">{t('records.missing')}</Alert>;
  return query.aggregate ? (
    <Totals aggregate={query.aggregate} count={query.count} busy={query.busy} plan={plan} />
  ) : (
    <Spinner label={t('records.computing')} />
  );
};

/**
 * The plan a bill was rated with, when the period shown is that bill (current, previous, or a range that is exactly an
 * earlier bill: its summary, rated as it was billed); null for any other range.
 */
export const planOfPeriod = (context: ConsumptionContext, kind: 'current' | 'previous' | 'range'): RatingPlan | null =>
  kind === 'current'
    ? (context.current?.plan ?? null)
    : kind === 'previous'
      ? (context.previous?.plan ?? null)
      : (context.earlier?.plan ?? null);
