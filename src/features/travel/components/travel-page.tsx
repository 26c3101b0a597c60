import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoamingType } from '#contract/line-settings';
import { countryZone, travelAdvice, travelCountries } from '#contract/roaming-zones';
import { formatDateTime } from '#lib/format';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { RefreshNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useTravelGuide, type TravelGuideData } from '../data/use-travel-guide.ts';

/** The destinations by their name in the page's language, in its alphabetical order. */
const destinations = (language: string): { code: string; name: string }[] => {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  return travelCountries.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
};

/** What the guide says about one country for the line shown. */
const Advice = ({ country, name, data }: { country: string; name: string; data: TravelGuideData }) => {
  const { t } = useTranslation('travel');
  const headingId = useId();
  const zoneName = (zone: RoamingType) => t(`zoneNames.${zone}`);
  const advice = data.zone ? travelAdvice(country, data.zone) : null;
  const zone = countryZone(country);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <p>{t(`zones.${zone}`)}</p>
      {advice ? (
        <>
          <p>
            <strong>{t(`coverage.${advice.coverage}`)}</strong>
          </p>
          <p>{t(`billing.${advice.billing}`)}</p>
          {advice.neededZone ? (
            <>
              <p>{t('needed', { zone: zoneName(advice.neededZone) })}</p>
              {data.canChange ? <Link to={paths.settingsNetwork}>{t('change')}</Link> : <p className="muted">{t('askHolder')}</p>}
            </>
          ) : null}
        </>
      ) : (
        <p>{t('zoneUnknown')}</p>
      )}
    </section>
  );
};

/** The line shown, its roaming zone and a change of it that waits. */
const LineZone = ({ data }: { data: TravelGuideData }) => {
  const { t, i18n } = useTranslation('travel');
  if (!data.line) return <Alert tone="info">{t('noLine')}</Alert>;
  const { pending } = data;
  return (
    <div className="card">
      <p>{data.line.msisdn ? t('line', { number: data.line.msisdn }) : t('lineWithoutNumber')}</p>
      <p>{data.zone ? t('zoneNow', { zone: t(`zoneNames.${data.zone}`) }) : t('zoneUnknown')}</p>
      {pending ? (
        <p className="muted">
          {pending.applyAt
            ? t('pendingAt', { zone: t(`zoneNames.${pending.zone}`), time: formatDateTime(Date.parse(pending.applyAt), i18n.language) })
            : t('pending', { zone: t(`zoneNames.${pending.zone}`) })}
        </p>
      ) : null}
    </div>
  );
};

/**
 * /travel/main: before a trip, whether the line shown works in a country with its roaming zone (calls, texts, data),
 * how that use is billed, and which zone would cover it (docs/product/settings.md "Roaming zone",
 * docs/product/consumption.md "What counts against a bundle"). Readable offline from Dexie with its age; the zone is
 * changed on the profile's network page.
 */
export const TravelPage = () => {
  const { t, i18n } = useTranslation(['travel', 'common']);
  const { result, refresh, refreshError } = useTravelGuide();
  const [country, setCountry] = useState('');
  const selectId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => destinations(language), [language]);
  const data = result.status === 'ready' ? result.data : null;
  const chosen = countries.find((c) => c.code === country);
  return (
    <TitledPage title={t('travel:title')}>
      <p>{t('travel:intro')}</p>
      {data && !(data.firstLoad && !refreshError) ? (
        <>
          <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
          {refreshError && data.fetchedAt === undefined ? <Alert tone="error">{t('travel:loadError')}</Alert> : null}
          <LineZone data={data} />
          <div className="field">
            <label htmlFor={selectId}>{t('travel:country')}</label>
            <select id={selectId} value={country} onChange={(event) => setCountry(event.target.value)}>
              <option value="">{t('travel:choose')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {/* Announced when a country is chosen: the answer is what the customer came for. */}
          <div aria-live="polite">{chosen && data.line ? <Advice country={chosen.code} name={chosen.name} data={data} /> : null}</div>
        </>
      ) : result.status === 'loading' || data ? (
        <Spinner label={t('common:loading')} />
      ) : (
        <Alert tone="info">{t('travel:noLine')}</Alert>
      )}
    </TitledPage>
  );
};
