import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatDataSize, formatMoneyCents, productNameIn, BYTES_PER_MB } from '#lib/format';
import { orderFailure } from '#lib/order-failure';
import { paths, withQuery } from '#lib/route-paths';
import { localDayStart } from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { AlertModal } from '#ui/alert-modal';
import { Button } from '#ui/button';
import { Badge } from '#ui/badge';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { cancelPendingOrder } from '../data/confirm-order.ts';
import { sameSelection, type Selection } from '../data/subscription-rules.ts';
import type { OrderLineRow } from '../data/use-subscription.ts';
import { updateDraft, useClosedOrder, useOptimize, type OptimizeModel, type OptionChoice } from '../data/use-optimize.ts';
import { useErrorText, type ErrorLike } from './error-text.ts';
import { LinePicker } from './line-picker.tsx';
import './subscription.css';

type Lang = 'fr' | 'nl' | 'en';
const langOf = (language: string): Lang => (language === 'nl' || language === 'en' ? language : 'fr');

/** One option of the form: a counter for options taken several times (data packs), a checkbox for the others. */
const OptionControl = ({ option, disabled, onChange }: { option: OptionChoice; disabled: boolean; onChange: (count: number) => void }) => {
  const { t, i18n } = useTranslation('subscription');
  const lang = langOf(i18n.language);
  const price = t('perMonth', { price: formatMoneyCents(option.priceCents, lang) });
  const name = productNameIn(option.name, lang);
  const details = [option.descriptions[lang], option.enabled ? null : t('optimize.notOffered')].filter(Boolean).join(' · ');
  if (option.maxCombinations > 1) {
    const canAdd = option.enabled && option.count < option.maxCombinations && !disabled;
    return (
      <div className="counter" data-active={option.count > 0 || undefined}>
        <div>
          <div className="choice__name" id={`option-${option.optionId}`}>
            {name}
          </div>
          <span className="counter__price">{price}</span>
          <div className="muted">{details}</div>
        </div>
        <div className="counter__controls" role="group" aria-labelledby={`option-${option.optionId}`}>
          <Button
            variant="secondary"
            aria-label={t('optimize.less', { name })}
            isDisabled={disabled || option.count === 0}
            onPress={() => onChange(option.count - 1)}
          >
            −
          </Button>
          <output aria-live="polite" aria-label={t('optimize.count', { name })}>
            {option.count}
          </output>
          <Button
            variant="secondary"
            aria-label={t('optimize.more', { name })}
            isDisabled={!canAdd}
            onPress={() => onChange(option.count + 1)}
          >
            +
          </Button>
        </div>
      </div>
    );
  }
  return (
    <label className="choice" data-disabled={!option.enabled || undefined}>
      <input
        type="checkbox"
        checked={option.count > 0}
        disabled={disabled || (!option.enabled && option.count === 0)}
        onChange={(event) => onChange(event.target.checked ? 1 : 0)}
      />
      <span className="choice__name">{name}</span>
      <span className="choice__price">{price}</span>
      <span className="choice__details">{details}</span>
    </label>
  );
};

/** The form: the plan among the podium, the options, the price before and after, and on to the summary. */
const OptimizeForm = ({ model }: { model: OptimizeModel }) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const [unchanged, setUnchanged] = useState(false);
  // The choice as the customer makes it: shown at once, and written to the draft in Dexie (which the prices and the
  // summary read). The local choice is shown while its writes run and until the stored draft moves on from the one it
  // was made over (showing the stored draft in between would flash the previous choice back); after that the stored
  // draft wins, so a change made elsewhere (another tab, a reset) shows.
  const stored = model.draft.draft;
  const storedKey = JSON.stringify(stored);
  const [local, setLocal] = useState<{ selection: Selection; over: string; writing: number } | null>(null);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const choice = local && (local.writing > 0 || local.over === storedKey) ? local.selection : stored;
  const change = (next: Selection) => {
    setUnchanged(false);
    setLocal((previous) => ({ selection: next, over: storedKey, writing: (previous?.writing ?? 0) + 1 }));
    const write = updateDraft(model, next).finally(() =>
      setLocal((previous) => (previous ? { ...previous, writing: Math.max(0, previous.writing - 1) } : previous)),
    );
    writes.current = writes.current.then(() => write).catch(() => undefined);
  };
  const choose = (product: number) => change({ ...choice, product });
  const setCount = (optionId: number, count: number) => {
    const options = { ...choice.options };
    if (count > 0) options[String(optionId)] = count;
    else delete options[String(optionId)];
    change({ ...choice, options });
  };
  // docs/product/subscription.md "Order rules": an unchanged form says so; otherwise the summary, once the choice is
  // in the draft it reads.
  const onContinue = () => {
    if (sameSelection(model.start, choice)) setUnchanged(true);
    else void writes.current.then(() => navigate(paths.orderSummary));
  };
  return (
    <form
      className="optimize-form"
      aria-label={t('subscription:optimize.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <fieldset className="choice-group">
        <legend>{t('subscription:optimize.plans')}</legend>
        {model.plans.map((plan) => (
          <label key={plan.id} className="choice">
            <input type="radio" name="plan" value={plan.id} checked={choice.product === plan.id} onChange={() => choose(plan.id)} />
            <span className="choice__name">
              {plan.name}
              {plan.id === model.current.product ? ` (${t('subscription:optimize.currentPlan')})` : ''}
            </span>
            <span className="choice__price">{t('subscription:perMonth', { price: formatMoneyCents(plan.priceCents, lang) })}</span>
            <span className="choice__details">
              {[
                plan.dataMb === 0 ? t('subscription:optimize.dataUnlimited') : formatDataSize(plan.dataMb * BYTES_PER_MB, lang),
                plan.voiceMinutes === 0
                  ? t('subscription:optimize.callsUnlimited')
                  : t('subscription:volumes.minutes', { count: plan.voiceMinutes }),
                plan.smsCount === 0
                  ? t('subscription:optimize.smsUnlimited')
                  : t('subscription:volumes.smsCount', { count: plan.smsCount }),
              ].join(' · ')}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend>{t('subscription:optimize.options')}</legend>
        {model.options.length === 0 ? <p>{t('subscription:optimize.noOptions')}</p> : null}
        {model.options.map((option) => (
          <OptionControl
            key={option.optionId}
            option={{ ...option, count: choice.options[String(option.optionId)] ?? 0 }}
            disabled={false}
            onChange={(count) => setCount(option.optionId, count)}
          />
        ))}
      </fieldset>
      <div className="form-total">
        {model.pricing ? (
          <p data-testid="price-change">
            {t('subscription:optimize.price', {
              from: formatMoneyCents(model.pricing.before.total, lang),
              to: formatMoneyCents(model.pricing.after.total, lang),
            })}
          </p>
        ) : null}
        {unchanged ? <Alert tone="info">{t('subscription:unchanged')}</Alert> : null}
        <div className="actions">
          <Button type="submit">{t('subscription:optimize.continue')}</Button>
          <Link to={paths.subscriptionMain}>{t('subscription:optimize.back')}</Link>
        </div>
      </div>
    </form>
  );
};

/**
 * docs/product/subscription.md "Optimize contexts", CancelOptionPending: an option order of another order waits; it
 * can be cancelled (online only).
 */
const PendingOptionOrders = ({ model }: { model: OptimizeModel }) => {
  const { t, i18n } = useTranslation(['subscription', 'common', 'errors']);
  const online = useOnline();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'canceled'; orderId: string } | { kind: 'failed'; error: ErrorLike } | null>(null);
  const [busy, setBusy] = useState(false);
  if (model.cancellableOrders.length === 0) return null;
  const target = { customerId: model.data.customerId, contractId: model.contractId };
  const cancel = async (orderId: string) => {
    setConfirming(null);
    setBusy(true);
    try {
      await cancelPendingOrder(target, orderId);
      setOutcome({ kind: 'canceled', orderId });
    } catch (error) {
      setOutcome({ kind: 'failed', error: error as ErrorLike });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="pending-options-title">
      <h2 id="pending-options-title">{t('subscription:optimize.pendingOptions')}</h2>
      <p>{t('subscription:optimize.thisMonthOnly')}</p>
      {model.cancellableOrders.map((order) => (
        <div key={order.orderId}>
          <h3>{t('subscription:optimize.order', { order: order.orderId })}</h3>
          <ul className="plain-list">
            {order.lines.map((line) => (
              <li key={line.id}>
                <span>
                  {t('subscription:pending.option', {
                    name: productNameIn(line.resourceName, i18n.language),
                    from: line.oldValue ?? '0',
                    to: line.newValue ?? '0',
                  })}
                </span>
                {line.scheduledDate ? (
                  <span className="muted">
                    {t('subscription:pending.date', { date: formatDate(localDayStart(line.scheduledDate), i18n.language) })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="actions">
            <Button variant="secondary" isDisabled={!online || busy} onPress={() => setConfirming(order.orderId)}>
              {t('subscription:optimize.cancelOrder', { order: order.orderId })}
            </Button>
            {!online ? <span className="muted">{t('common:onlineOnly')}</span> : null}
          </div>
        </div>
      ))}
      <AlertModal
        isOpen={confirming !== null}
        title={t('subscription:cancelConfirm.title', { order: confirming ?? '' })}
        closeLabel={t('subscription:cancelConfirm.no')}
        onClose={() => setConfirming(null)}
        actions={
          <Button isDisabled={!online} onPress={() => confirming && void cancel(confirming)}>
            {t('subscription:cancelConfirm.yes')}
          </Button>
        }
      >
        <p>{t('subscription:cancelConfirm.text')}</p>
        <ul data-testid="cancel-withdrawn">
          {(model.cancellableOrders.find((o) => o.orderId === confirming)?.lines ?? []).map((line) => (
            <li key={line.id}>
              {t('subscription:pending.option', {
                name: productNameIn(line.resourceName, i18n.language),
                from: line.oldValue ?? '0',
                to: line.newValue ?? '0',
              })}
            </li>
          ))}
        </ul>
      </AlertModal>
      <AlertModal
        isOpen={outcome !== null}
        title={outcome?.kind === 'canceled' ? t('subscription:canceled.title') : t('subscription:cancelFailed')}
        closeLabel={t('common:close')}
        onClose={() => setOutcome(null)}
      >
        <p>
          {outcome?.kind === 'canceled'
            ? t('subscription:canceled.text', { order: outcome.orderId })
            : outcome
              ? errorText(outcome.error)
              : null}
        </p>
      </AlertModal>
    </section>
  );
};

/**
 * docs/product/subscription.md "Optimize contexts", SeeClosedOrder: a closed order of the history, as it was (read
 * only, even on a blocked line).
 */
const ClosedOrder = ({ customerId, contractId, orderId }: { customerId: number; contractId: number; orderId: string }) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const closed = useClosedOrder(customerId, contractId, orderId);
  if (closed.status === 'loading') return <Spinner label={t('common:loading')} />;
  const failureText = (error: OrderLineRow['error']): string => {
    const failure = orderFailure(error);
    switch (failure.kind) {
      case 'debt':
        return t('optimize.failure.debt');
      case 'unknown':
        return t('optimize.failure.unknown');
      case 'code':
        return t('optimize.failure.code', { code: failure.code });
      case 'text':
        return failure.text;
    }
  };
  return (
    <section className="card" aria-label={t('optimize.closedOrder', { order: orderId })}>
      {closed.status === 'missing' ? (
        <p>{t('optimize.closedMissing')}</p>
      ) : (
        <ul className="plain-list">
          {closed.lines.map((line) => (
            <li key={line.id}>
              <span>
                {line.kind === 'PRODUCT'
                  ? t('pending.product', { from: line.oldValue ?? '', to: line.newValue ?? '' })
                  : t('pending.option', {
                      name: productNameIn(line.resourceName, i18n.language),
                      from: line.oldValue ?? '0',
                      to: line.newValue ?? '0',
                    })}
              </span>
              <Badge
                tone={line.status === 'SUCCESS' ? 'success' : line.status === 'FAILED' || line.status === 'CANCELED' ? 'danger' : 'warning'}
              >
                {t(`optimize.closedStatus.${line.status}`)}
              </Badge>
              {/* Why it failed, as the history says it (docs/product/subscription.md "Order history"). */}
              {line.status === 'FAILED' ? <p className="muted">{failureText(line.error)}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={paths.orders}>{t('optimize.backToOrders')}</Link>
      </p>
    </section>
  );
};

/**
 * /subscription/optimize: change the plan and the options of the selected line (docs/product/subscription.md
 * "The optimize screen", "Who may change a subscription"). A line with a blockage or whose state restricts changes
 * goes back to the subscription with the reason (except to look at a closed order); no line goes home. The choice is
 * a draft in Dexie: a reload or a lost network loses nothing.
 */
export const OptimizePage = () => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const [search] = useSearchParams();
  const closedOrderId = search.get('order');
  const { state } = useOptimize({ viewingClosedOrder: closedOrderId !== null });

  if (state.status === 'loading') return <Spinner label={t('common:loading')} />;
  if (state.status === 'notLoaded') {
    // Like every screen that was never loaded on this device: say so, instead of loading forever.
    return (
      <TitledPage title={t('subscription:optimize.title')}>
        <Alert tone="warning">{t('subscription:optimize.notLoaded')}</Alert>
      </TitledPage>
    );
  }
  if (state.status === 'noLine') return <Navigate to={paths.home} replace />;
  if (state.status === 'refused') return <Navigate to={withQuery(paths.subscriptionMain, { refused: state.refusal })} replace />;
  const { model } = state;
  const contract = model.data.contract!;
  const pendingDate = model.data.openLines.find((l) => l.orderId === model.pending?.orderId)?.scheduledDate;
  return (
    // A closed order is looked at, not optimized: its page is named after it (docs/product/subscription.md
    // "Order history").
    <TitledPage
      title={
        model.context === 'SeeClosedOrder' && closedOrderId
          ? t('subscription:optimize.closedOrder', { order: closedOrderId })
          : t('subscription:optimize.title')
      }
    >
      <LinePicker contract={contract} />
      {model.context === 'SeeClosedOrder' && closedOrderId ? (
        <ClosedOrder customerId={model.data.customerId} contractId={model.contractId} orderId={closedOrderId} />
      ) : (
        <>
          {model.context === 'EditPendingOrder' && model.pending ? (
            <Alert tone="info">
              {t('subscription:optimize.editingPending', {
                order: model.pending.orderId,
                date: pendingDate ? formatDate(localDayStart(pendingDate), i18n.language) : '',
              })}
            </Alert>
          ) : null}
          {model.context === 'EditOptimizeSubscription' ? <Alert tone="info">{t('subscription:optimize.prefilled')}</Alert> : null}
          <PendingOptionOrders model={model} />
          <OptimizeForm model={model} />
        </>
      )}
    </TitledPage>
  );
};
