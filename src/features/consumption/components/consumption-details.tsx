import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type PeriodChoice, type ResolvedPeriod } from '../data/period.ts';
import { type ConsumptionContext } from '../data/use-consumption.ts';
import { useUsageQuery } from '../data/use-usage-query.ts';
import { ConsumptionFrame } from './consumption-frame.tsx';
import { RecordList } from './record-list.tsx';
import { PeriodTotals, planOfPeriod } from './usage-totals.tsx';
import { PullStatus } from './pull-status.tsx';

const typeValues = ['all', 'data', 'call', 'sms'] as const;
const directionValues = ['all', 'in', 'out'] as const;
/** How the rating classed the use (contract/rating.ts): an invoice's out-of-bundle cause links here with its zone. */
const zoneValues = ['all', 'domestic', 'international', 'world', 'premium'] as const;

const DetailsBody = ({ context, period, choice }: { context: ConsumptionContext; period: ResolvedPeriod | null; choice: PeriodChoice }) => {
  const { t } = useTranslation('consumption');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const type = typeValues.find((v) => v === params.get('type')) ?? 'all';
  const direction = directionValues.find((v) => v === params.get('dir')) ?? 'all';
  const oobOnly = params.get('oob') === '1';
  const zone = zoneValues.find((v) => v === params.get('zone')) ?? 'all';
  const filters = useMemo(
    () => ({ types: type === 'all' ? [] : [type], direction, oobOnly, ...(zone === 'all' ? {} : { ratingClass: zone }) }),
    [type, direction, oobOnly, zone],
  );
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
        <div className="field">
          <label htmlFor={`${id}-zone`}>{t('filters.zone')}</label>
          <select id={`${id}-zone`} value={zone} onChange={(e) => setParam('zone', e.target.value === 'all' ? null : e.target.value)}>
            {zoneValues.map((v) => (
              <option key={v} value={v}>
                {t(`filters.zones.${v}`)}
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
