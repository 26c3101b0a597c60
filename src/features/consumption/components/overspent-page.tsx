import { useTranslation } from 'react-i18next';
import { formatMoneyCents } from '#lib/format';
import { rateUsage, type ChargeLine } from '#contract/rating';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { type UsageDirection, type UsageType } from '#workers/usage-core';
import { type PeriodChoice, type ResolvedPeriod } from '../data/period.ts';
import { type ConsumptionContext } from '../data/use-consumption.ts';
import { useUsageQuery } from '../data/use-usage-query.ts';
import { ConsumptionFrame } from './consumption-frame.tsx';
import { RecordList } from './record-list.tsx';
import { planOfPeriod } from './usage-totals.tsx';
import { PullStatus } from './pull-status.tsx';

const overspentKinds = ['credit', 'premium', 'national', 'international'] as const;

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
  error,
}: {
  context: ConsumptionContext;
  period: ResolvedPeriod | null;
  choice: PeriodChoice;
  error: unknown;
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
      {/* Below the bill's charges, drawn once they are in place: their spinner is replaced by taller tables, which
          pushed a history drawn before them down (issue 41: a first visit's layout shift of 0.08 on a phone). */}
      {choice.kind === 'range' || summary !== undefined || error ? (
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
      ) : null}
    </>
  );
};

export const OverspentPage = () => {
  const { t } = useTranslation('consumption');
  return (
    <ConsumptionFrame title={t('overspent.title')}>
      {({ context, period, choice, error }) => <OverspentBody context={context} period={period} choice={choice} error={error} />}
    </ConsumptionFrame>
  );
};
