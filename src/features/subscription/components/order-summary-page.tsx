import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { NewOrderLine } from '#contract/orders';
import type { OrderPricing } from '#contract/pricing';
import { formatDate, formatMoneyCents } from '#lib/format';
import { paths, withQuery } from '#lib/route-paths';
import { localDayStart } from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { AlertModal } from '#ui/alert-modal';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { confirmDraft } from '../data/confirm-order.ts';
import { useOptimize, type OptimizeModel } from '../data/use-optimize.ts';
import { useErrorText, type ErrorLike } from './error-text.ts';
import { LinePicker } from './line-picker.tsx';
import { PriceLines } from './price-lines.tsx';
import './subscription.css';

const optionCount = (t: (key: 'summary.none' | 'summary.times', options?: { count: number }) => string, count: number) =>
  count === 0 ? t('summary.none') : t('summary.times', { count });

/**
 * The order's price line by line (contract/pricing.ts, the figures the server stores and e-mails): the monthly price
 * now and once the order has taken effect, each the sum of its lines (plan, options, promotions), from when, and what
 * the changes of this month cost for the rest of the cycle (docs/product/subscription.md "The order summary").
 */
const OrderPrice = ({ model, pricing }: { model: OptimizeModel; pricing: OrderPricing }) => {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const day = (date: string) => formatDate(localDayStart(date), lang, { dateStyle: 'long' });
  return (
    <section className="card" aria-labelledby="summary-price-title">
      <h2 id="summary-price-title">{t('summary.price')}</h2>
      <PriceLines
        caption={t('summary.before')}
        lines={pricing.before.lines}
        total={pricing.before.total}
        totalLabel={t('summary.monthlyTotal')}
        testId="price-before"
      />
      <PriceLines
        caption={t('summary.after', { date: day(pricing.from) })}
        lines={pricing.after.lines}
        total={pricing.after.total}
        totalLabel={t('summary.monthlyTotal')}
        testId="price-after"
      />
      {model.waitingOrders.length > 0 ? (
        <p className="muted">{t('summary.includesWaiting', { orders: model.waitingOrders.join(', ') })}</p>
      ) : null}
      {pricing.proRata ? (
        <PriceLines
          caption={t('summary.proRata', {
            from: day(pricing.proRata.from),
            to: day(pricing.proRata.to),
            count: pricing.proRata.days,
            cycleDays: pricing.proRata.cycleDays,
          })}
          lines={pricing.proRata.lines}
          total={pricing.proRata.total}
          totalLabel={t('summary.proRataTotal')}
          testId="price-pro-rata"
        />
      ) : (
        <p className="muted">{t('summary.noProRata', { date: day(pricing.from) })}</p>
      )}
    </section>
  );
};

/** What the order changes and when each change takes effect, then its price. */
const Changes = ({ model }: { model: OptimizeModel }) => {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const next = model.nextCycleStart ? formatDate(model.nextCycleStart, lang, { dateStyle: 'long' }) : '';
  return (
    <>
      <section className="card" aria-labelledby="changes-title">
        <h2 id="changes-title">{t('summary.changes')}</h2>
        <ul className="plain-list change-list" data-testid="order-changes">
          {model.changes.map((change) => (
            <li key={change.kind === 'product' ? 'product' : `option-${change.optionId}`}>
              <span>
                {change.kind === 'product'
                  ? t('summary.product', { from: model.productName(change.from), to: model.productName(change.to) })
                  : t('summary.option', {
                      name: model.optionName(change.optionId),
                      from: optionCount(t, change.from),
                      to: optionCount(t, change.to),
                    })}
              </span>{' '}
              <span className="muted">{change.when === 'thisMonth' ? t('summary.thisMonth') : t('summary.nextCycle', { date: next })}</span>
            </li>
          ))}
        </ul>
      </section>
      {model.pricing ? <OrderPrice model={model} pricing={model.pricing} /> : null}
    </>
  );
};

/**
 * /subscription/order-summary: the draft of the optimize screen, what it changes and when, the price before and
 * after, and the confirmation (docs/product/subscription.md "The order summary", "Order rules": create, or modify a
 * pending plan change). Online only: offline the button is disabled with the reason, and the draft stays.
 */
export const OrderSummaryPage = () => {
  const { t, i18n } = useTranslation(['subscription', 'common', 'errors']);
  const online = useOnline();
  const errorText = useErrorText();
  const { state } = useOptimize({ viewingClosedOrder: false });
  const [sending, setSending] = useState(false);
  const [placed, setPlaced] = useState<NewOrderLine | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const [unchanged, setUnchanged] = useState(false);

  if (placed) {
    return (
      <TitledPage title={t('subscription:summary.title')}>
        <Alert tone="success" role="status">
          {t('subscription:summary.placed', { order: placed.order_id })}{' '}
          {placed.scheduled_date_exec
            ? t('subscription:summary.placedWhen', {
                date: formatDate(localDayStart(placed.scheduled_date_exec), i18n.language, { dateStyle: 'long' }),
              })
            : null}{' '}
          {placed.pricing
            ? t('subscription:summary.placedPrice', {
                date: formatDate(localDayStart(placed.pricing.from), i18n.language, { dateStyle: 'long' }),
                total: formatMoneyCents(placed.pricing.after.total, i18n.language),
              })
            : null}
        </Alert>
        <div className="actions">
          <Link className="button" data-variant="primary" to={paths.orders}>
            {t('subscription:summary.follow')}
          </Link>
          <Link to={paths.subscriptionMain}>{t('subscription:summary.backToSubscription')}</Link>
        </div>
      </TitledPage>
    );
  }
  if (state.status === 'loading') return <Spinner label={t('common:loading')} />;
  if (state.status === 'notLoaded') {
    return (
      <TitledPage title={t('subscription:summary.title')}>
        <Alert tone="warning">{t('subscription:optimize.notLoaded')}</Alert>
      </TitledPage>
    );
  }
  if (state.status === 'noLine') return <Navigate to={paths.home} replace />;
  if (state.status === 'refused') return <Navigate to={withQuery(paths.subscriptionMain, { refused: state.refusal })} replace />;
  const { model } = state;
  const contract = model.data.contract!;
  const action = model.action;

  const confirm = async () => {
    if (action.kind === 'unchanged') return;
    setSending(true);
    setFailure(null);
    setUnchanged(false);
    try {
      setPlaced(await confirmDraft({ customerId: model.data.customerId, contractId: model.contractId }, model.draft, action));
    } catch (error) {
      const e = error as ErrorLike;
      // docs/product/subscription.md "Order rules", an unchanged form ("no update needed"): the line already is what
      // was asked (another tab or device placed it).
      if (e?.code === 'noUpdate') setUnchanged(true);
      else setFailure(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <TitledPage title={t('subscription:summary.title')}>
      <LinePicker contract={contract} />
      {action.kind === 'unchanged' || unchanged ? (
        <>
          <Alert tone="info">{t('subscription:unchanged')}</Alert>
          <p>
            <Link to={paths.subscriptionOptimize}>{t('subscription:summary.edit')}</Link>
          </p>
        </>
      ) : (
        <>
          {action.kind === 'modify' ? <Alert tone="info">{t('subscription:summary.modifies', { order: action.orderId })}</Alert> : null}
          <Changes model={model} />
          {!online ? (
            <Alert tone="warning" role="status">
              {t('common:onlineOnly')}
            </Alert>
          ) : null}
          <div className="actions">
            <Button onPress={() => void confirm()} isDisabled={!online || sending}>
              {sending ? t('subscription:summary.sending') : t('subscription:summary.confirm')}
            </Button>
            <Link to={paths.subscriptionOptimize}>{t('subscription:summary.edit')}</Link>
          </div>
        </>
      )}
      <AlertModal
        isOpen={failure !== null}
        title={t('subscription:summary.failed')}
        closeLabel={t('common:close')}
        onClose={() => setFailure(null)}
      >
        <p>{errorText(failure)}</p>
      </AlertModal>
    </TitledPage>
  );
};
