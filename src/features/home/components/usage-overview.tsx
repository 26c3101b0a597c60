import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoneyCents, formatPhoneNumber } from '#lib/format';
import { paths } from '#lib/route-paths';
import { formatBundleAmount, formatUsageAmount, isoLocalDate, localDayStart } from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { Spinner } from '#ui/spinner';
import { UsageGauge } from '#ui/usage-gauge';
import { daysLeftInCycle } from '../data/hero-rules.ts';
import type { BalanceView, ContractRow, useContractUsage } from '../data/use-home-usage.ts';

const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
const shortDay: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/**
 * One bundle as a gauge of what remains (issue 43 point 1): the remaining amount large, what was used of the bundle
 * under it, then what needs saying (out-of-bundle costs, the forecast once there is a pace to speak of, the bundle
 * used up). An unlimited bundle (0) reads "Illimité", not a gauge at 0 %.
 */
const BalanceGauge = ({ balance, cycleEnd, daysLeft }: { balance: BalanceView; cycleEnd: number | null; daysLeft: string }) => {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const fmt = (value: number) => formatUsageAmount(balance.kind, value, lang);
  const unlimited = balance.limit === 0;
  const { forecast } = balance;
  const exhausted = !unlimited && balance.used >= balance.limit;
  const limit = formatBundleAmount(balance.kind, balance.limit, lang);
  // Call time left in minutes, as bundles are sold ("497 min", not "8 h 17 min"): it fits the ring.
  const remaining = unlimited ? '' : formatBundleAmount(balance.kind, balance.remaining ?? 0, lang);
  return (
    <UsageGauge
      kind={balance.kind}
      label={t(`usage.kinds.${balance.kind}`)}
      figure={unlimited ? t('usage.unlimited') : remaining}
      caption={unlimited ? '' : t('usage.left')}
      valueText={t('usage.gaugeText', { remaining, limit, days: daysLeft })}
      remaining={unlimited ? null : (balance.remaining ?? 0) / balance.limit}
      detail={
        unlimited ? t('usage.unlimitedUsed', { used: fmt(balance.used) }) : t('usage.usedOfLimit', { used: fmt(balance.used), limit })
      }
    >
      {balance.oobCents > 0 ? <p>{t('usage.oob', { amount: formatMoneyCents(balance.oobCents, lang) })}</p> : null}
      {forecast.projected !== null && cycleEnd !== null && !exhausted ? (
        <p className="forecast" data-warning={forecast.willExceed || undefined}>
          {unlimited
            ? t('usage.forecastUnlimited', { projected: fmt(forecast.projected), date: formatDate(cycleEnd, lang, dayMonth) })
            : t('usage.forecast', { projected: fmt(forecast.projected), limit, date: formatDate(cycleEnd, lang, dayMonth) })}
        </p>
      ) : null}
      {exhausted ? (
        <p className="forecast" data-warning>
          {t('usage.exhausted')}
        </p>
      ) : forecast.willExceed && forecast.exhaustionDate ? (
        <p className="forecast" data-warning role="status">
          {t('usage.runsOut', { date: formatDate(forecast.exhaustionDate, lang, dayMonth) })}
        </p>
      ) : null}
    </UsageGauge>
  );
};

/**
 * The selected contract's current bill as home's hero: what remains of data, calls and SMS as large gauges, the days
 * left in the cycle, out-of-bundle costs and the forecast. The figures are stored rows (the first-paint snapshot and a
 * server render show the same).
 */
export const UsageOverview = memo(function UsageOverview({
  contract,
  usage,
}: {
  contract: ContractRow;
  usage: ReturnType<typeof useContractUsage>;
}) {
  const { t, i18n } = useTranslation(['home', 'common']);
  const lang = i18n.language;
  const number = contract.msisdn ? formatPhoneNumber(contract.msisdn) : t('home:noNumber');
  const result = usage.result;
  // The pull's answer is stored (its fetch time is written with it) and holds no summary: the number has no usage
  // yet. Until the stored rows reach this view, the spinner stays (no flash of "no usage" between the pull and the
  // rows).
  const loading =
    result.status === 'loading' || (!result.data.summary && !usage.error && !(usage.settled && result.data.fetchedAt !== undefined));
  const summary = result.status === 'loading' ? undefined : result.data.summary;
  // Today on the service's calendar, as of this mount (home is mounted again on each visit; the figures it counts the
  // days of are at most 15 minutes old).
  const [today] = useState(() => isoLocalDate(Date.now()));
  const days = summary ? daysLeftInCycle(summary.end.slice(0, 10), today) : 0;
  const daysLeft = t('home:usage.daysLeft', { count: days });
  return (
    // While loading, the section keeps the room of the gauges (usage.css), so what follows does not jump when they
    // arrive.
    <section aria-labelledby="usage-title" className="usage-overview" aria-busy={loading}>
      <div className="usage-overview__head">
        <h2 id="usage-title">{t('home:usage.title', { number })}</h2>
        {summary ? (
          <p className="usage-overview__cycle">
            <strong className="usage-overview__days">{daysLeft}</strong>
            <span className="muted">
              {t('home:usage.period', {
                start: formatDate(localDayStart(summary.start.slice(0, 10)), lang, shortDay),
                end: formatDate(localDayStart(summary.end.slice(0, 10)), lang, shortDay),
              })}
            </span>
          </p>
        ) : null}
      </div>
      {loading ? (
        <Spinner label={t('common:loading')} />
      ) : !summary ? (
        usage.error ? (
          <Alert tone="warning">{t('home:usage.loadError')}</Alert>
        ) : (
          <p>{t('home:usage.none')}</p>
        )
      ) : (
        <>
          <div className="usage-gauges">
            {result.data.balances.map((b) => (
              <BalanceGauge key={b.kind} balance={b} cycleEnd={result.data.cycleEnd} daysLeft={daysLeft} />
            ))}
          </div>
          <p className="usage-overview__more">
            <Link to={paths.consumptionMain}>{t('home:usage.details')}</Link>
          </p>
        </>
      )}
    </section>
  );
});
