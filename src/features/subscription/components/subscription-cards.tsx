import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type monthlyCharges } from '#contract/pricing';
import { formatDate, formatMoneyCents, productNameIn } from '#lib/format';
import { paths } from '#lib/route-paths';
import { localDayStart } from '#lib/usage-format';
import { countOf, optionDataMbOf, totalVolumes, type CountedOption } from '../data/subscription-rules.ts';
import type { ProductRow, SubscriptionData } from '../data/use-subscription.ts';
import { PriceLines } from './price-lines.tsx';
import { VolumeList } from './volumes.tsx';

/*
 * The cards of the subscription screen (subscription-page.tsx): the plan, its options, its price with the promotions,
 * and the changes still pending.
 */

type TextLanguage = 'fr' | 'nl' | 'en';

/** The line's plan: its name, price, descriptions and the volumes it gives with its options. */
export const PlanCard = ({ product, counted, textLang }: { product: ProductRow; counted: CountedOption[]; textLang: TextLanguage }) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const lang = i18n.language;
  const optionDataMb = optionDataMbOf(counted);
  return (
    <section className="card" aria-labelledby="plan-title">
      <div className="plan-card__header">
        <h2 id="plan-title">{product.name}</h2>
        <span className="plan-card__price">{t('subscription:perMonth', { price: formatMoneyCents(product.priceCents, lang) })}</span>
      </div>
      <p>{product.descriptions[textLang]}</p>
      <p className="muted">
        {t('subscription:technical')} {product.technicalDescriptions[textLang]}
      </p>
      <VolumeList volumes={totalVolumes(product, counted)} optionDataMb={optionDataMb} />
    </section>
  );
};

/** The options the line has, with their counts and monthly prices. */
export const OptionsCard = ({ options, counted }: { options: SubscriptionData['options']; counted: CountedOption[] }) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const lang = i18n.language;
  return (
    <section className="card" aria-labelledby="options-title">
      <h2 id="options-title">{t('subscription:options.title')}</h2>
      {counted.length === 0 ? (
        <p>{t('subscription:options.none')}</p>
      ) : (
        <ul className="plain-list">
          {options
            .filter((o) => countOf(o.active) > 0)
            .map((o) => (
              <li key={o.optionId}>
                <span>
                  {productNameIn(o.name, lang)}
                  {typeof o.active === 'number' ? ` × ${o.active}` : ''}
                </span>
                <span>{t('subscription:perMonth', { price: formatMoneyCents(o.priceCents * countOf(o.active), lang) })}</span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
};

/** The promotions and the monthly price as the sum of its lines. */
export const PriceCard = ({
  promotions,
  price,
  textLang,
}: {
  promotions: SubscriptionData['promotions'];
  price: ReturnType<typeof monthlyCharges> | null;
  textLang: TextLanguage;
}) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const lang = i18n.language;
  return (
    <section className="card" aria-labelledby="price-title">
      <h2 id="price-title">{t('subscription:price.title')}</h2>
      {promotions.length > 0 ? (
        <>
          <h3>{t('subscription:promotions.title')}</h3>
          <ul className="plain-list">
            {promotions.map((p) => (
              <li key={p.id}>
                <span>{p.descriptions[textLang]}</span>
                <span>
                  {p.discountType === 'percentage'
                    ? t('subscription:promotions.percent', { value: p.discountAmount })
                    : t('subscription:promotions.amount', { value: formatMoneyCents(p.discountAmount, lang) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('subscription:promotions.none')}</p>
      )}
      {price ? (
        <PriceLines
          caption={t('subscription:price.lines')}
          lines={price.lines}
          total={price.total}
          totalLabel={t('subscription:price.total')}
          testId="monthly-price"
        />
      ) : null}
    </section>
  );
};

/** The plan and option changes ordered and not yet done, with the link to follow them (when there are any). */
export const PendingChanges = ({
  openLines,
  productName,
}: {
  openLines: SubscriptionData['openLines'];
  productName: (id: number | null) => string;
}) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const lang = i18n.language;
  if (!openLines.some((l) => l.kind === 'PRODUCT' || l.kind === 'OPTION')) return null;
  return (
    <section className="card" aria-labelledby="pending-title">
      <h2 id="pending-title">{t('subscription:pending.title')}</h2>
      <ul className="plain-list">
        {openLines
          .filter((l) => l.kind === 'PRODUCT' || l.kind === 'OPTION')
          .map((line) => (
            <li key={line.id}>
              <span>
                {line.kind === 'PRODUCT'
                  ? t('subscription:pending.product', {
                      from: line.oldValue ?? '',
                      to: productName(line.resourceId) || (line.newValue ?? ''),
                    })
                  : t('subscription:pending.option', {
                      name: productNameIn(line.resourceName, lang),
                      from: line.oldValue ?? '0',
                      to: line.newValue ?? '0',
                    })}
              </span>
              <span className="muted">
                {line.status === 'QUEUED'
                  ? t('subscription:pending.running')
                  : line.scheduledDate
                    ? t('subscription:pending.date', { date: formatDate(localDayStart(line.scheduledDate), lang) })
                    : null}
              </span>
            </li>
          ))}
      </ul>
      <p>
        <Link to={paths.orders}>{t('subscription:pending.follow')}</Link>
      </p>
    </section>
  );
};
