import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { formatDate, formatPhoneNumber } from '#lib/format';
import { paths } from '#lib/route-paths';
import { useDocumentTitle } from '#ui/titled-page';
import { Alert } from '#ui/alert';
import { Spinner } from '#ui/spinner';
// The usage styles (filters, list, chart) come with the meter component's stylesheet.
import '#ui/usage-meter';
import { periodFromSearch, resolvePeriod, type PeriodChoice, type PeriodError, type ResolvedPeriod } from '../data/period.ts';
import { useConsumption, type ConsumptionContext } from '../data/use-consumption.ts';
import { PeriodFilter } from './period-filter.tsx';

export type FrameProps = {
  title: string;
  /** Whether the screen offers the period filter. */
  withPeriod?: boolean;
  children: (args: {
    context: ConsumptionContext;
    period: ResolvedPeriod | null;
    choice: PeriodChoice;
    refresh: () => Promise<void>;
    error: unknown;
  }) => ReactNode;
};

/** Title, sub-navigation, the line shown (chosen in the header) and period filter shared by the three consumption screens. */
export const ConsumptionFrame = ({ title, withPeriod = true, children }: FrameProps) => {
  const { t, i18n } = useTranslation(['consumption', 'common']);
  const [params, setParams] = useSearchParams();
  const choice = periodFromSearch(params);
  const { result, error, refresh } = useConsumption(choice);
  const context = result.status === 'ready' ? result.data : null;
  const contract = context?.contract;
  const resolved: ResolvedPeriod | PeriodError | null = contract ? resolvePeriod(choice, contract.billCycle, new Date()) : null;
  const period = resolved !== null && typeof resolved === 'object' ? resolved : null;
  const current = contract ? resolvePeriod({ kind: 'current' }, contract.billCycle, new Date()) : null;
  // A chosen period with no possible usage is explained rather than shown as zeros: it has not started yet, or it
  // ended before the line's first day (its activation, else its creation).
  const [now] = useState(() => Date.now());
  const lineStart = contract ? Date.parse(contract.activatedAt ?? contract.createdAt) : NaN;
  const outside: 'future' | 'beforeStart' | null =
    period === null ? null : period.fromMs > now ? 'future' : period.toMs < lineStart ? 'beforeStart' : null;

  const setChoice = (next: PeriodChoice) => {
    const search = new URLSearchParams(params);
    search.set('period', next.kind);
    if (next.kind === 'range') {
      search.set('from', next.from);
      search.set('to', next.to);
    } else {
      search.delete('from');
      search.delete('to');
    }
    setParams(search, { replace: true });
  };

  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page__header">
        <h1>{title}</h1>
      </header>
      <nav className="sub-nav" aria-label={t('consumption:nav.label')}>
        <NavLink to={{ pathname: paths.consumptionMain, search: params.toString() }} end>
          {t('consumption:nav.main')}
        </NavLink>
        <NavLink to={{ pathname: paths.consumptionDetails, search: params.toString() }}>{t('consumption:nav.details')}</NavLink>
        <NavLink to={{ pathname: paths.consumptionOverspent, search: params.toString() }}>{t('consumption:nav.overspent')}</NavLink>
      </nav>
      {!context ? (
        result.status === 'ready' ? null : (
          <Spinner label={t('common:loading')} />
        )
      ) : !contract ? (
        <p>{t('consumption:noContract')}</p>
      ) : (
        <>
          {/* The line is chosen in the header (its one switcher); the screen says which one it shows. */}
          <p className="muted">
            {t('consumption:contractOf', { number: contract.msisdn ? formatPhoneNumber(contract.msisdn) : contract.contractRef })}
          </p>
          {withPeriod && current && typeof current === 'object' ? (
            <PeriodFilter
              key={`${choice.kind}`}
              value={choice}
              onChange={setChoice}
              defaultRange={{ from: current.from, to: current.to }}
            />
          ) : null}
          {withPeriod && resolved !== null && typeof resolved === 'string' ? (
            <Alert tone="error">{t(`consumption:period.errors.${resolved}`)}</Alert>
          ) : null}
          {outside ? (
            <Alert tone="info">{t(`consumption:period.${outside}`, { date: formatDate(lineStart, i18n.language) })}</Alert>
          ) : (
            children({ context, period, choice, refresh, error })
          )}
        </>
      )}
    </div>
  );
};
