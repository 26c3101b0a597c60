import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate, formatMoneyCents } from '#lib/format';
import { rateUsage, type ChargeLine, type UsageTotals } from '#contract/rating';
import {
  formatBundleAmount,
  formatCount,
  formatSmsCount,
  formatUsageAmount,
  kindOfBalance,
  localDayEnd,
  localDayStart,
  type UsageKind,
} from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { useOnline } from '#ui/use-online';
import { UsageMeter } from '#ui/usage-meter';
import { forecast, type AggregateResult, type UsageDirection, type UsageType } from '#workers/usage-core';
import { completedCycles, type PeriodChoice, type ResolvedPeriod } from '../data/period.ts';
import { consumptionDownloadUrl, type ConsumptionContext, type UsageSummaryRow } from '../data/use-consumption.ts';
import {
  averageRange,
  useAverage,
  useRecordsLoad,
  useUsageQuery,
  type RecordsLoad,
  type UsageQueryState,
} from '../data/use-usage-query.ts';
import { ConsumptionFrame } from './consumption-frame.tsx';
import { RecordList } from './record-list.tsx';
import { UsageChart } from './usage-chart.tsx';

const usageKinds = ['data', 'call', 'sms'] as const;
const overspentKinds = ['credit', 'premium', 'national', 'international'] as const;
const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
const noFilters = { types: [] as UsageType[], direction: 'all' as UsageDirection, oobOnly: false };

/** Balances of the bill (used, bundle, unlimited, out-of-bundle) and, for the current bill, the forecast. */
const Balances = ({
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
  const charges = plan ? rateUsage(usage, plan.bundle, plan.rates).totalCents : null;
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
              <td className="num">{formatUsageAmount(kind, outsideOf(usage, kind), lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {charges === null ? (
        <p className="muted">{t('totals.perBill')}</p>
      ) : (
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
const PeriodTotals = ({ query, plan }: { query: UsageQueryState; plan: RatingPlan | null }) => {
  const { t } = useTranslation('consumption');
  if (query.unknown) return <Alert tone="warning">{t('records.missing')}</Alert>;
  return query.aggregate ? (
    <Totals aggregate={query.aggregate} count={query.count} busy={query.busy} plan={plan} />
  ) : (
    <Spinner label={t('records.computing')} />
  );
};

/** The plan a bill was rated with, when the period shown is that bill (current or previous); null for a chosen range. */
const planOfPeriod = (context: ConsumptionContext, kind: 'current' | 'previous' | 'range'): RatingPlan | null =>
  kind === 'current' ? (context.current?.plan ?? null) : kind === 'previous' ? (context.previous?.plan ?? null) : null;

/** The one progress of a download: it only grows. */
const LoadProgress = ({ progress }: { progress: UsageQueryState['progress'] }) => {
  const { t, i18n } = useTranslation('consumption');
  return progress ? (
    <p className="muted" role="status">
      {t('records.progress', { loaded: formatCount(progress.loaded, i18n.language), total: formatCount(progress.total, i18n.language) })}
    </p>
  ) : null;
};

/** The age of the records a figure is computed from, and the failure to refresh them (nothing, when they are unknown). */
const RecordsAge = ({ query }: { query: Pick<UsageQueryState, 'error' | 'unknown' | 'fetchedAt'> }) => {
  const { t } = useTranslation('consumption');
  if (query.unknown) return null;
  return (
    <>
      {query.error ? <Alert tone="warning">{t('records.loadError')}</Alert> : null}
      <FreshnessNote fetchedAt={query.fetchedAt} />
    </>
  );
};

/** The progress of a download, its failure and the age of what is shown. */
const PullStatus = ({ query }: { query: Pick<UsageQueryState, 'progress' | 'error' | 'unknown' | 'fetchedAt'> }) => (
  <>
    <LoadProgress progress={query.progress} />
    <RecordsAge query={query} />
  </>
);

/** PDF and CONSO (CSV) downloads of the period: online-only, disabled with a message offline. */
const Downloads = ({ context, period }: { context: ConsumptionContext; period: ResolvedPeriod }) => {
  const { t } = useTranslation('consumption');
  const online = useOnline();
  const customerId = context.session.customerId;
  const contract = context.contract;
  if (customerId === null || !contract) return null;
  return (
    <section aria-labelledby="downloads-title" className="card">
      <h2 id="downloads-title">{t('downloads.title')}</h2>
      {online ? (
        <div className="dialog__actions">
          <a
            className="button"
            data-variant="secondary"
            href={consumptionDownloadUrl(customerId, contract.id, 'PDF', period.from, period.to)}
            download
          >
            {t('downloads.pdf')}
          </a>
          <a
            className="button"
            data-variant="secondary"
            href={consumptionDownloadUrl(customerId, contract.id, 'CONSO', period.from, period.to)}
            download
          >
            {t('downloads.csv')}
          </a>
        </div>
      ) : (
        <>
          <div className="dialog__actions">
            <Button variant="secondary" isDisabled>
              {t('downloads.pdf')}
            </Button>
            <Button variant="secondary" isDisabled>
              {t('downloads.csv')}
            </Button>
          </div>
          <p className="muted">{t('downloads.offline')}</p>
        </>
      )}
    </section>
  );
};

/**
 * The records a summary needs, as one download: the period's, then the completed bills' of the average (a period that
 * lies within those is not downloaded twice).
 */
const summaryRanges = (period: ResolvedPeriod | null, cycles: ReturnType<typeof completedCycles>) => {
  const average = averageRange(cycles);
  if (!period) return average ? [average] : null;
  const own = { from: period.from, to: period.to };
  if (!average) return [own];
  return period.from >= average.from && period.to <= average.to ? [average] : [own, average];
};

const SummaryBody = ({
  context,
  period,
  kind,
}: {
  context: ConsumptionContext;
  period: ResolvedPeriod | null;
  kind: 'current' | 'previous' | 'range';
}) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  const id = useId();
  const [chartKind, setChartKind] = useState<UsageKind>('data');
  const customerId = context.session.customerId;
  const contract = context.contract ?? null;
  const cycles = useMemo(() => completedCycles(contract?.billCycle ?? null, new Date()), [contract?.billCycle]);
  // One download for the whole screen, so one progress that only grows (docs/product/consumption.md "Loading and
  // partial figures").
  const load: RecordsLoad = useRecordsLoad(customerId, contract?.id ?? null, summaryRanges(period, cycles));
  const query = useUsageQuery(customerId, contract?.id ?? null, period, noFilters, { list: false, load });
  const average = useAverage(customerId, contract?.id ?? null, cycles, { load });
  const summary = kind === 'current' ? context.current : kind === 'previous' ? context.previous : undefined;
  return (
    <>
      {summary ? (
        <Balances
          summary={summary}
          withForecast={kind === 'current'}
          fetchedAt={kind === 'current' ? context.currentFetchedAt : context.previousFetchedAt}
        />
      ) : null}
      <LoadProgress progress={load.progress} />
      <section aria-labelledby="period-usage-title">
        <h2 id="period-usage-title">{t('totals.title')}</h2>
        <PeriodTotals query={query} plan={planOfPeriod(context, kind)} />
        {/* Each figure with the age of its own records: offline, the period may be known and the average not. */}
        <RecordsAge query={query} />
      </section>
      <section aria-labelledby="chart-title">
        <h2 id="chart-title">{t('chart.heading')}</h2>
        <div className="field">
          <label htmlFor={`${id}-chart-kind`}>{t('chart.kind')}</label>
          <select id={`${id}-chart-kind`} value={chartKind} onChange={(e) => setChartKind(e.target.value as UsageKind)}>
            {usageKinds.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {query.aggregate && !query.unknown ? <UsageChart days={query.aggregate.days} kind={chartKind} /> : null}
      </section>
      <section aria-labelledby="average-title" className="card">
        <h2 id="average-title">{t('average.title')}</h2>
        {average.unknown ? (
          <Alert tone="warning">{t('average.missing')}</Alert>
        ) : average.average ? (
          <p data-testid="usage-average">
            {t('average.text', {
              data: formatUsageAmount('data', average.average.data, lang),
              call: formatUsageAmount('call', average.average.call, lang),
              sms: formatSmsCount(average.average.sms, lang),
            })}
          </p>
        ) : (
          <Spinner label={t('records.computing')} />
        )}
        <p className="muted">{t('average.note')}</p>
        {average.unknown ? null : <FreshnessNote fetchedAt={average.fetchedAt} />}
      </section>
      {period ? <Downloads context={context} period={period} /> : null}
    </>
  );
};

export const ConsumptionPage = () => {
  const { t } = useTranslation('consumption');
  return (
    <ConsumptionFrame title={t('title')}>
      {({ context, period, choice }) => <SummaryBody context={context} period={period} kind={choice.kind} />}
    </ConsumptionFrame>
  );
};

const typeValues = ['all', 'data', 'call', 'sms'] as const;
const directionValues = ['all', 'in', 'out'] as const;

const DetailsBody = ({ context, period, choice }: { context: ConsumptionContext; period: ResolvedPeriod | null; choice: PeriodChoice }) => {
  const { t } = useTranslation('consumption');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const type = typeValues.find((v) => v === params.get('type')) ?? 'all';
  const direction = directionValues.find((v) => v === params.get('dir')) ?? 'all';
  const oobOnly = params.get('oob') === '1';
  const filters = useMemo(() => ({ types: type === 'all' ? [] : [type], direction, oobOnly }), [type, direction, oobOnly]);
  const query = useUsageQuery(context.session.customerId, context.contract?.id ?? null, period, filters);
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  return (
    <>
      <div className="filters">
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('filters.type')}</label>
          <select id={`${id}-type`} value={type} onChange={(e) => setParam('type', e.target.value === 'all' ? null : e.target.value)}>
            {typeValues.map((v) => (
              <option key={v} value={v}>
                {v === 'all' ? t('filters.allTypes') : t(`kinds.${v}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-dir`}>{t('filters.direction')}</label>
          <select id={`${id}-dir`} value={direction} onChange={(e) => setParam('dir', e.target.value === 'all' ? null : e.target.value)}>
            {directionValues.map((v) => (
              <option key={v} value={v}>
                {t(`filters.directions.${v}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={oobOnly} onChange={(e) => setParam('oob', e.target.checked ? '1' : null)} />{' '}
          {t('filters.oobOnly')}
        </label>
      </div>
      <PullStatus query={query} />
      <PeriodTotals query={query} plan={planOfPeriod(context, choice.kind)} />
      {query.status === 'ready' ? <RecordList queryId={query.queryId} count={query.count} label={t('details.listLabel')} /> : null}
    </>
  );
};

export const ConsumptionDetailsPage = () => {
  const { t } = useTranslation('consumption');
  return (
    <ConsumptionFrame title={t('details.title')}>
      {({ context, period, choice }) => <DetailsBody context={context} period={period} choice={choice} />}
    </ConsumptionFrame>
  );
};

const oobFilters = { types: [] as UsageType[], direction: 'all' as UsageDirection, oobOnly: true };

/** One charge line in words: "Calls abroad: 243 minutes × €0.15", or "Premium texts: 2 purchases". */
const ChargeText = ({ line }: { line: ChargeLine }) => {
  const { t, i18n } = useTranslation('consumption');
  const what = t(`charges.zone.${line.zone}.${line.kind}`);
  const quantity = t(`charges.quantity.${line.unit}`, { count: line.quantity });
  return line.unitCents === null
    ? t('charges.items', { what, quantity })
    : t('charges.line', { what, quantity, unit: formatMoneyCents(line.unitCents, i18n.language) });
};

const OverspentBody = ({
  context,
  period,
  choice,
}: {
  context: ConsumptionContext;
  period: ResolvedPeriod | null;
  choice: PeriodChoice;
}) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  // The bill shown: the summary of the chosen bill (a chosen range has none: charges are worked out per bill).
  const summary = choice.kind === 'current' ? context.current : choice.kind === 'previous' ? context.previous : undefined;
  const osg = choice.kind === 'current' ? summary?.safeguards.find((s) => s.type === 'OSG') : undefined;
  const plan = planOfPeriod(context, choice.kind);
  const query = useUsageQuery(context.session.customerId, context.contract?.id ?? null, period, oobFilters);
  return (
    <>
      <section aria-labelledby="overspent-by-type" className="card">
        <h2 id="overspent-by-type">{t('overspent.byType')}</h2>
        {choice.kind === 'range' ? (
          <p className="muted">{t('totals.perBill')}</p>
        ) : summary ? (
          <>
            <table className="data-table" data-testid="overspent-table">
              <tbody>
                {overspentKinds.map((k) => (
                  <tr key={k}>
                    <th scope="row">{t(`overspent.types.${k}`)}</th>
                    <td className="num">{formatMoneyCents(summary.overspent[k], lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {osg ? (
              <p data-warning={osg.overSpentCredit >= osg.current || undefined} className="forecast">
                {t(osg.overSpentCredit >= osg.current ? 'overspent.limitReached' : 'overspent.limit', {
                  spent: formatMoneyCents(osg.overSpentCredit, lang),
                  limit: formatMoneyCents(osg.current, lang),
                })}
              </p>
            ) : null}
            <h3>{t('charges.title')}</h3>
            {summary.charges.length === 0 ? (
              <p>{t('charges.none')}</p>
            ) : (
              <table className="data-table" data-testid="charge-lines">
                <tbody>
                  {summary.charges.map((line) => (
                    <tr key={`${line.zone}:${line.kind}`}>
                      <th scope="row">
                        <ChargeText line={line} />
                      </th>
                      <td className="num">{formatMoneyCents(line.cents, lang)}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">{t('charges.total')}</th>
                    <td className="num">{formatMoneyCents(summary.overspent.credit, lang)}</td>
                  </tr>
                </tbody>
              </table>
            )}
            <FreshnessNote fetchedAt={choice.kind === 'current' ? context.currentFetchedAt : context.previousFetchedAt} />
          </>
        ) : (
          <Spinner label={t('records.computing')} />
        )}
      </section>
      <section aria-labelledby="extra-cost-history">
        <h2 id="extra-cost-history">{t('overspent.history')}</h2>
        <PullStatus query={query} />
        {query.unknown ? (
          <Alert tone="warning">{t('records.missing')}</Alert>
        ) : query.aggregate ? (
          <p data-testid="oob-total">
            {plan
              ? t('overspent.historyTotal', {
                  count: query.count,
                  amount: formatMoneyCents(rateUsage(query.aggregate.usage, plan.bundle, plan.rates).totalCents, lang),
                })
              : t('overspent.historyCount', { count: query.count })}
          </p>
        ) : (
          <Spinner label={t('records.computing')} />
        )}
        {query.status === 'ready' ? <RecordList queryId={query.queryId} count={query.count} label={t('overspent.history')} /> : null}
      </section>
    </>
  );
};

export const OverspentPage = () => {
  const { t } = useTranslation('consumption');
  return (
    <ConsumptionFrame title={t('overspent.title')}>
      {({ context, period, choice }) => <OverspentBody context={context} period={period} choice={choice} />}
    </ConsumptionFrame>
  );
};
