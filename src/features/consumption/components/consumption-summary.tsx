import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSmsCount, formatUsageAmount, type UsageKind } from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { useOnline } from '#ui/use-online';
import { type UsageDirection, type UsageType } from '#workers/usage-core';
import { completedCycles, type ResolvedPeriod } from '../data/period.ts';
import { consumptionDownloadUrl, type ConsumptionContext } from '../data/use-consumption.ts';
import { averageRange, useAverage, useRecordsLoad, useUsageQuery, type RecordsLoad } from '../data/use-usage-query.ts';
import { ConsumptionFrame } from './consumption-frame.tsx';
import { UsageChart } from './usage-chart.tsx';
import { Balances, PeriodTotals, planOfPeriod, usageKinds } from './usage-totals.tsx';
import { LoadProgress, RecordsAge } from './pull-status.tsx';

const noFilters = { types: [] as UsageType[], direction: 'all' as UsageDirection, oobOnly: false };

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
  error,
}: {
  context: ConsumptionContext;
  period: ResolvedPeriod | null;
  kind: 'current' | 'previous' | 'range';
  /** The summary's pull failed (offline, say): the screen shows what it has. */
  error: unknown;
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
  const summaryFetchedAt = kind === 'current' ? context.currentFetchedAt : kind === 'previous' ? context.previousFetchedAt : 0;
  // A first visit, before the bill's summary arrives: one spinner rather than the totals drawn first and pushed down
  // by the balances (issue 41: no layout shift).
  if (!summary && summaryFetchedAt === undefined && !error) return <Spinner label={t('records.computing')} />;
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
        {query.aggregate && !query.unknown ? (
          <UsageChart
            days={query.aggregate.days}
            kind={chartKind}
            bundle={planOfPeriod(context, kind)?.bundle.domestic[chartKind] ?? null}
          />
        ) : null}
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
      {({ context, period, choice, error }) => <SummaryBody context={context} period={period} kind={choice.kind} error={error} />}
    </ConsumptionFrame>
  );
};
