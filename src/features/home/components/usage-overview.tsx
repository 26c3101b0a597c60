import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoneyCents, formatPhoneNumber } from '#lib/format';
import { paths } from '#lib/route-paths';
import { formatBundleAmount, formatUsageAmount, localDayStart } from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { UsageMeter } from '#ui/usage-meter';
import type { BalanceView, ContractRow, useContractUsage } from '../data/use-home-usage.ts';

const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };

const BalanceCard = ({ balance, cycleEnd }: { balance: BalanceView; cycleEnd: number | null }) => {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const fmt = (value: number) => formatUsageAmount(balance.kind, value, lang);
  const unlimited = balance.limit === 0;
  const { forecast } = balance;
  const exhausted = !unlimited && balance.used >= balance.limit;
  return (
    <UsageMeter
      kind={balance.kind}
      label={t(`usage.kinds.${balance.kind}`)}
      valueText={
        unlimited
          ? t('usage.unlimitedUsed', { used: fmt(balance.used) })
          : t('usage.usedOf', { used: fmt(balance.used), limit: formatBundleAmount(balance.kind, balance.limit, lang) })
      }
      ratio={unlimited ? null : balance.used / balance.limit}
    >
      <p>{unlimited ? t('usage.unlimited') : t('usage.remaining', { amount: fmt(balance.remaining ?? 0) })}</p>
      {balance.oobCents > 0 ? <p>{t('usage.oob', { amount: formatMoneyCents(balance.oobCents, lang) })}</p> : null}
      {forecast.projected !== null && cycleEnd !== null && !exhausted ? (
        <p className="forecast" data-warning={forecast.willExceed || undefined}>
          {unlimited
            ? t('usage.forecastUnlimited', { projected: fmt(forecast.projected), date: formatDate(cycleEnd, lang, dayMonth) })
            : t('usage.forecast', {
                projected: fmt(forecast.projected),
                limit: formatBundleAmount(balance.kind, balance.limit, lang),
                date: formatDate(cycleEnd, lang, dayMonth),
              })}
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
    </UsageMeter>
  );
};

/** The selected contract's current bill: data, calls and SMS, what is left, out-of-bundle costs and the forecast. */
export const UsageOverview = ({ contract, usage }: { contract: ContractRow; usage: ReturnType<typeof useContractUsage> }) => {
  const { t, i18n } = useTranslation(['home', 'common']);
  const number = contract.msisdn ? formatPhoneNumber(contract.msisdn) : t('home:noNumber');
  const result = usage.result;
  // The pull's answer is stored (its fetch time is written with it) and holds no summary: the number has no usage
  // yet. Until the stored rows reach this view, the spinner stays (no flash of "no usage" between the pull and the
  // rows).
  const loading =
    result.status === 'loading' || (!result.data.summary && !usage.error && !(usage.settled && result.data.fetchedAt !== undefined));
  return (
    // While loading, the section keeps the room of the balances (usage.css), so the contracts below do not jump
    // when they arrive.
    <section aria-labelledby="usage-title" className="usage-overview" aria-busy={loading}>
      <h2 id="usage-title">{t('home:usage.title', { number })}</h2>
      {loading ? (
        <Spinner label={t('common:loading')} />
      ) : !result.data.summary ? (
        usage.error ? (
          <Alert tone="warning">{t('home:usage.loadError')}</Alert>
        ) : (
          <p>{t('home:usage.none')}</p>
        )
      ) : (
        <>
          <p className="muted">
            {t('home:usage.period', {
              start: formatDate(localDayStart(result.data.summary.start.slice(0, 10)), i18n.language),
              end: formatDate(localDayStart(result.data.summary.end.slice(0, 10)), i18n.language),
            })}
          </p>
          <div className="usage-grid">
            {result.data.balances.map((b) => (
              <BalanceCard key={b.kind} balance={b} cycleEnd={result.data.cycleEnd} />
            ))}
          </div>
          <FreshnessNote fetchedAt={result.data.fetchedAt} />
          <p>
            <Link to={paths.consumptionMain}>{t('home:usage.details')}</Link>
          </p>
        </>
      )}
    </section>
  );
};
