import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Discount } from '#contract/offers';
import { formatDataSize, formatMoneyCents } from '#lib/format';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { FreshnessNote, RefreshNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { comparatorUrl, comparisonParams, comparisonUrl } from '../data/comparison-link.ts';
import { useOffers, useUsageProfile, type OffersRow } from '../data/use-offers.ts';
import './offers.css';

type Lang = 'fr' | 'nl' | 'en';

const useDiscount = () => {
  const { t, i18n } = useTranslation('offers');
  return (discount: Discount) =>
    t(`discount.${discount.type}`, {
      amount: discount.type === 'amount' ? formatMoneyCents(discount.amount, i18n.language) : String(discount.amount),
    });
};

const OfferList = ({ offers, scope, canChange }: { offers: OffersRow['offers']; scope: 'line' | 'catalogue'; canChange: boolean }) => {
  const { t, i18n } = useTranslation('offers');
  const discount = useDiscount();
  const lang = (['fr', 'nl', 'en'].includes(i18n.language) ? i18n.language : 'fr') as Lang;
  const shown = offers.filter((offer) => offer.scope === scope);
  if (shown.length === 0) return <p className="muted">{t(scope === 'line' ? 'advantages.empty' : 'catalogue.empty')}</p>;
  return (
    <ul className="offer-list">
      {shown.map((offer) => (
        <li key={`${offer.id}-${offer.msisdn ?? ''}`} className="card offer">
          <span className="offer__discount" aria-hidden="true">
            {discount(offer.discount)}
          </span>
          <div>
            <p className="offer__title">{offer.descriptions[lang]}</p>
            <p className="muted">
              {offer.scope === 'line'
                ? offer.productName
                  ? t('advantages.linePlan', { msisdn: offer.msisdn, product: offer.productName })
                  : t('advantages.line', { msisdn: offer.msisdn })
                : t('catalogue.product', { product: offer.productName })}
            </p>
            {/* One thing to do with each offer (issue 43 point 7): see the plan it applies to, or move to the plan offered
                (who may change the subscription only). */}
            {offer.scope === 'line' ? (
              <Link className="offer__action" to={paths.subscriptionMain}>
                {t('advantages.action')}
              </Link>
            ) : canChange && offer.productName ? (
              <Link className="button offer__action" data-variant="secondary" to={paths.subscriptionOptimize}>
                {t('catalogue.action', { product: offer.productName })}
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
};

const Referral = ({ referral }: { referral: NonNullable<OffersRow['referral']> }) => {
  const { t, i18n } = useTranslation('offers');
  const [status, setStatus] = useState<'copied' | 'failed' | null>(null);
  const reward = (d: Discount) =>
    d.type === 'amount'
      ? t('referral.rewardAmount', { amount: formatMoneyCents(d.amount, i18n.language) })
      : t('referral.rewardPercentage', { amount: d.amount });
  const friend = reward(referral.friendReward);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    setStatus(null);
    const text = t('referral.shareText', { code: referral.code, friend });
    try {
      if (canShare) {
        await navigator.share({ title: t('referral.shareTitle'), text });
      } else {
        await navigator.clipboard.writeText(referral.code);
        setStatus('copied');
      }
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setStatus('failed');
    }
  };
  return (
    <section aria-labelledby="referral-heading" className="card referral">
      <h2 id="referral-heading">{t('referral.heading')}</h2>
      <p>{t('referral.code')}</p>
      <p className="referral__code" data-testid="referral-code">
        {referral.code}
      </p>
      <p>{t('referral.gives', { referrer: reward(referral.referrerReward), friend })}</p>
      <p className="muted">{t('referral.count', { count: referral.referredCount })}</p>
      {referral.referredBy ? <p className="muted">{t('referral.referredBy', { name: referral.referredBy })}</p> : null}
      <Button onPress={() => void share()}>{t(canShare ? 'referral.share' : 'referral.copy')}</Button>
      <p role="status" className="referral__status">
        {status === 'copied' ? t('referral.copied') : status === 'failed' ? t('referral.shareFailed', { code: referral.code }) : ''}
      </p>
    </section>
  );
};

const Comparison = ({ customerId, contract }: { customerId: number; contract: Parameters<typeof useUsageProfile>[1] }) => {
  const { t, i18n } = useTranslation('offers');
  const profile = useUsageProfile(customerId, contract);
  if (!contract) return <p className="muted">{t('compare.noLine')}</p>;
  const params = profile.average ? comparisonParams(profile.average, i18n.language) : null;
  return (
    <>
      <p>{t('compare.intro', { msisdn: contract.msisdn ?? '' })}</p>
      {params && profile.average ? (
        <>
          <FreshnessNote fetchedAt={profile.fetchedAt} onRefresh={() => void profile.refresh()} />
          <p data-testid="comparison-profile">
            {t('compare.profile', {
              minutes: t('compare.minutes', { count: params.minutes }),
              sms: params.sms,
              data: formatDataSize(profile.average.dataBytes, i18n.language),
            })}
          </p>
          <a
            className="button"
            data-variant="primary"
            href={comparisonUrl(comparatorUrl, params)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('compare.link')} <span className="visually-hidden">{t('compare.opensElsewhere')}</span>
          </a>
        </>
      ) : profile.error && profile.fetchedAt === undefined ? (
        <p className="muted">{t('compare.unavailable')}</p>
      ) : (
        <Spinner label={t('compare.computing')} />
      )}
    </>
  );
};

/** /offers/main: the customer's advantages, the catalogue's offers, its referral code, and the tariff comparison. */
export const OffersPage = () => {
  const { t } = useTranslation(['offers', 'common']);
  const { result, refresh, refreshError, settled } = useOffers();
  const data = result.status === 'ready' ? result.data : null;
  // A first visit, before the offers' first answer: one spinner for the page rather than the comparison drawn first
  // and pushed down when the offers arrive above it (issue 41: no layout shift).
  const waiting = data !== null && !data.offers && !refreshError && (!settled || data.fetchedAt === undefined);
  if (result.status === 'loading' || !data || waiting) return <Spinner label={t('common:loading')} />;
  const offers = data.offers;
  return (
    <TitledPage title={t('offers:title')}>
      <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
      {!offers ? (
        refreshError || settled ? (
          <Alert tone="warning">{t('offers:loadError')}</Alert>
        ) : (
          <Spinner label={t('common:loading')} />
        )
      ) : (
        <>
          <section aria-labelledby="advantages-heading">
            <h2 id="advantages-heading">{t('offers:advantages.heading')}</h2>
            {offers.promo ? <p>{t('offers:advantages.promo', { code: offers.promo })}</p> : null}
            <OfferList offers={offers.offers} scope="line" canChange={!data?.plainUser} />
          </section>
          {offers.referral ? <Referral referral={offers.referral} /> : null}
          <section aria-labelledby="catalogue-heading">
            <h2 id="catalogue-heading">{t('offers:catalogue.heading')}</h2>
            <OfferList offers={offers.offers} scope="catalogue" canChange={!data?.plainUser} />
          </section>
        </>
      )}
      <section aria-labelledby="compare-heading" className="card compare">
        <h2 id="compare-heading">{t('offers:compare.heading')}</h2>
        <Comparison customerId={data.customerId} contract={data.contract} />
      </section>
    </TitledPage>
  );
};
