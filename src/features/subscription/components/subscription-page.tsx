import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { blockageReasons, lineStatus, orderRefusalReasons, refusalErrorCode, type OrderRefusal } from '#contract/contract-state';
import { formatPhoneNumber } from '#lib/format';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { LineStatusBadge, LineStatusBanner } from '#ui/line-status';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { monthlyCharges } from '#contract/pricing';
import { saveDraft } from '../data/optimize-draft.ts';
import {
  adviceWithheld,
  countOf,
  promotionTermsOf,
  subscriptionOf,
  pendingProductChange,
  selectionOf,
  startSelection,
  type CountedOption,
} from '../data/subscription-rules.ts';
import { usePlanFit } from '../data/use-plan-fit.ts';
import { usePlanChoices, useSubscriptionData, type SubscriptionData } from '../data/use-subscription.ts';
import { LinePicker } from './line-picker.tsx';
import { PlanFitPanel } from './plan-fit-panel.tsx';
import './subscription.css';
import { OptionsCard, PendingChanges, PlanCard, PriceCard } from './subscription-cards.tsx';

/** Product and promotion texts come in fr, nl and en; French is the fallback (docs/product/settings.md "Language"). */
const textLanguage = (lang: string): 'fr' | 'nl' | 'en' => (lang === 'nl' || lang === 'en' ? lang : 'fr');

const isRefusal = (value: string | null): value is OrderRefusal =>
  value !== null && (orderRefusalReasons as readonly string[]).includes(value);

/** The line's options with their counts, as the price and volume rules take them. */
export const countedOptions = (options: SubscriptionData['options']): CountedOption[] =>
  options
    .map((o) => ({ optionId: o.optionId, priceCents: o.priceCents, dataMb: o.dataMb, zone: o.zone, count: countOf(o.active) }))
    .filter((o) => o.count > 0);

/**
 * The line's one status and, when it does not simply work, one banner saying why with the one thing to do
 * (docs/product/home.md "Line status"): never "Active" beside "Blocked".
 */
export const LineState = ({ data }: { data: SubscriptionData }) => {
  const { t } = useTranslation(['subscription', 'common']);
  const contract = data.contract;
  if (!contract) return null;
  const status = lineStatus(
    {
      status: contract.status,
      subStatus: contract.subStatus,
      fraudulentBehaviour: contract.fraudulentBehaviour,
      dunningLevelReached: contract.dunningLevelReached,
    },
    data.openBalance,
  );
  return (
    <div className="line-state">
      <p>
        {t('subscription:status')} <LineStatusBadge status={status} />
      </p>
      <LineStatusBanner
        status={status}
        number={contract.msisdn ? formatPhoneNumber(contract.msisdn) : contract.contractRef}
        contractId={contract.id}
        canAct={!data.plainUser}
      />
    </div>
  );
};

/** /subscription/main: the selected line's plan, options, promotions and price, what is pending, and which plan fits. */
export const SubscriptionPage = () => {
  const { t, i18n } = useTranslation(['subscription', 'common', 'errors']);
  const lang = i18n.language;
  const textLang = textLanguage(lang);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { result, refresh, refreshError, settled } = useSubscriptionData();
  const [busy, setBusy] = useState(false);
  const data = result.status === 'ready' ? result.data : null;
  const choices = usePlanChoices(data && !data.plainUser ? (data.podium?.products.map((p) => p.id) ?? []) : []);
  const fitLine =
    data && !data.plainUser && data.contract
      ? { customerId: data.customerId, contract: data.contract, withheld: adviceWithheld(data.refusal) }
      : null;
  const fitInputs =
    fitLine && data?.product && data.podium
      ? { product: data.product, options: data.options, podium: data.podium.products, choices: choices.options }
      : null;
  const fit = usePlanFit(fitLine, fitInputs);

  if (!data) return <Spinner label={t('common:loading')} />;
  const { contract, product } = data;
  if (!contract) {
    return (
      <TitledPage title={t('subscription:title')}>
        {settled ? <p>{t('subscription:noLine')}</p> : <Spinner label={t('common:loading')} />}
      </TitledPage>
    );
  }

  const refused = search.get('refused');
  // A blockage is already said in words above: the refusal it causes needs no second message.
  const blockageShown = data.refusal !== null && (data.blockages as readonly string[]).includes(data.refusal);
  const counted = countedOptions(data.options);
  // The line's monthly price as the sum of its lines: the pricing of the orders and the invoices (contract/pricing.ts).
  const price = product
    ? monthlyCharges(
        contract.id,
        subscriptionOf(
          product,
          data.options.map((o) => ({ optionId: o.optionId, name: o.name, priceCents: o.priceCents, count: countOf(o.active) })),
        ),
        promotionTermsOf(data.promotions),
      )
    : null;
  const pendingChange = pendingProductChange(data.openLines);
  const optionName = (id: number) =>
    data.options.find((o) => o.optionId === id)?.name ?? choices.options.find((o) => o.optionId === id)?.name ?? String(id);
  const productName = (id: number | null) => data.podium?.products.find((p) => p.id === id)?.name ?? '';

  const onRefresh = () => {
    setBusy(true);
    void refresh().finally(() => setBusy(false));
  };

  const chooseSuggested =
    data.refusal === null && product
      ? (plan: { productId: number; options: { id: number; count: number }[] }) => {
          const current = selectionOf(product.id, counted);
          void saveDraft({
            contractId: contract.id,
            start: startSelection(current, data.openLines),
            draft: selectionOf(
              plan.productId,
              plan.options.map((o) => ({ optionId: o.id, count: o.count })),
            ),
            context: 'EditOptimizeSubscription',
            orderPendingId: pendingChange?.orderId ?? null,
          }).then(() => navigate(paths.subscriptionOptimize));
        }
      : undefined;

  return (
    <TitledPage title={t('subscription:title')}>
      <LinePicker contract={contract} />
      <FreshnessNote fetchedAt={data.fetchedAt} onRefresh={onRefresh} busy={busy} />
      {/* A blockage is said once, by the line's banner below; other refusals say why the change was not opened. */}
      {isRefusal(refused) && !(blockageReasons as readonly string[]).includes(refused) ? (
        <Alert tone="warning" role="alert">
          {t('subscription:redirected', { reason: t(`errors:${refusalErrorCode[refused]}`) })}
        </Alert>
      ) : null}
      {refreshError && data.fetchedAt === undefined ? <Alert tone="error">{t('subscription:loadError')}</Alert> : null}
      <LineState data={data} />
      {data.plainUser ? <Alert tone="info">{t('subscription:contactHolder')}</Alert> : null}
      {!product ? (
        data.fetchedAt === undefined && !refreshError ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <p>{t('subscription:noProduct')}</p>
        )
      ) : (
        <>
          <PlanCard product={product} counted={counted} textLang={textLang} />

          <OptionsCard options={data.options} counted={counted} />

          <PriceCard promotions={data.promotions} price={price} textLang={textLang} />

          <PendingChanges openLines={data.openLines} productName={productName} />

          {data.plainUser || blockageShown ? null : data.refusal ? (
            <Alert tone="warning">{t('subscription:cannotChange', { reason: t(`errors:${refusalErrorCode[data.refusal]}`) })}</Alert>
          ) : (
            <div className="actions">
              <Link className="button" data-variant="primary" to={paths.subscriptionOptimize}>
                {t('subscription:actions.optimize')}
              </Link>
              <Link to={paths.orders}>{t('subscription:actions.orders')}</Link>
            </div>
          )}
        </>
      )}
      {data.plainUser ? null : <PlanFitPanel state={fit} optionName={optionName} onChoose={chooseSuggested} />}
    </TitledPage>
  );
};
