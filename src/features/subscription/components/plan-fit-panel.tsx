import { useTranslation } from 'react-i18next';
import { formatDate, formatMoneyCents } from '#lib/format';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import type { PlanFitState } from '../data/use-plan-fit.ts';

type ReadyFit = Extract<PlanFitState, { status: 'ready' }>['fit'];
type PlanCost = ReadyFit['plans'][number];

/**
 * The one piece of advice (workers/plan-fit.ts `advise`), worded from the same figures as the table below it: a plan
 * said to cover is one whose row says it covers.
 */
const Advice = ({
  fit,
  money,
  onChoose,
}: {
  fit: ReadyFit;
  money: (cents: number) => string;
  onChoose?: ((plan: PlanCost) => void) | undefined;
}) => {
  const { t } = useTranslation('subscription');
  const { advice, current } = fit;
  if (advice.kind === 'keep') return <Alert tone="info">{t('fit.fits', { current: money(current.average) })}</Alert>;
  if (advice.kind === 'noneCovers') return <Alert tone="info">{t('fit.noneCovers')}</Alert>;
  const { plan } = advice;
  const text =
    advice.kind === 'cover'
      ? t('fit.cover', { name: plan.name, average: money(plan.average), extra: money(advice.extra), current: money(current.average) })
      : current.covers
        ? t('fit.suggestion', {
            name: plan.name,
            average: money(plan.average),
            saving: money(advice.saving),
            current: money(current.average),
          })
        : t('fit.switchCovers', { name: plan.name, average: money(plan.average), current: money(current.average) });
  return (
    <div className="alert" data-tone={advice.kind === 'switch' ? 'success' : 'info'} role="status" data-testid="plan-suggestion">
      <p>{text}</p>
      {onChoose ? <Button onPress={() => onChoose(plan)}>{t('fit.choose', { name: plan.name })}</Button> : null}
    </div>
  );
};

/**
 * "Which plan fits me": what each plan would have cost over the last bill cycles with the customer's real usage,
 * and the cheapest one that covers it. `onChoose` opens the optimize form pre-filled; absent when the line cannot
 * be changed (a plain user, a blocked line).
 */
export const PlanFitPanel = ({
  state,
  optionName,
  onChoose,
}: {
  state: PlanFitState;
  optionName: (optionId: number) => string;
  onChoose?: ((plan: PlanCost) => void) | undefined;
}) => {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const lang = i18n.language;
  const money = (cents: number) => formatMoneyCents(cents, lang);
  if (state.status === 'unavailable') return null;
  if (state.status === 'withheld')
    return (
      <section className="card" aria-labelledby="fit-title">
        <h2 id="fit-title">{t('subscription:fit.title')}</h2>
        <p>{t('subscription:fit.withheld')}</p>
      </section>
    );
  const optionsText = (plan: PlanCost) =>
    plan.options.length === 0
      ? t('subscription:fit.noOptions')
      : t('subscription:fit.withOptions', {
          options: plan.options.map((o) => (o.count > 1 ? `${optionName(o.id)} × ${o.count}` : optionName(o.id))).join(', '),
        });
  // The line as it is, then each plan at its best; the current plan's own row is left out when it is the same.
  const sameAs = (a: PlanCost, b: PlanCost) =>
    a.productId === b.productId &&
    JSON.stringify([...a.options].sort((x, y) => x.id - y.id)) === JSON.stringify([...b.options].sort((x, y) => x.id - y.id));
  const advised =
    state.status === 'ready' && (state.fit.advice.kind === 'switch' || state.fit.advice.kind === 'cover') ? state.fit.advice.plan : null;
  const rows =
    state.status === 'ready'
      ? [
          { key: 'current', cost: state.fit.current, current: true, suggested: false },
          ...state.fit.plans
            .filter((plan) => !sameAs(plan, state.fit.current))
            .map((plan) => ({
              key: String(plan.productId),
              cost: plan,
              current: false,
              suggested: advised !== null && sameAs(plan, advised),
            })),
        ]
      : [];
  return (
    <section className="card" aria-labelledby="fit-title">
      <h2 id="fit-title">{t('subscription:fit.title')}</h2>
      {state.status === 'tooShort' ? (
        <p>{t('subscription:fit.tooShort', { count: state.cycles, needed: state.needed })}</p>
      ) : state.status === 'notOnDevice' ? (
        <Alert tone="info">{t('subscription:fit.notOnDevice')}</Alert>
      ) : state.status === 'loading' ? (
        <Spinner label={t('subscription:fit.loading')} />
      ) : (
        <>
          <FreshnessNote fetchedAt={state.fetchedAt} onRefresh={() => void state.refresh()} />
          <p className="muted">
            {t('subscription:fit.basis', {
              count: state.fit.cycles,
              from: formatDate(state.from, lang),
              to: formatDate(state.to, lang),
            })}
          </p>
          <Advice fit={state.fit} money={money} onChoose={onChoose} />
          {/* Scrolls sideways on a narrow screen at large text: focusable, so it scrolls by keyboard too. */}
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="fit-caption">
            <table className="fit-table">
              <caption id="fit-caption">{t('subscription:fit.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('subscription:fit.plan')}</th>
                  <th scope="col" className="number">
                    {t('subscription:fit.average')}
                  </th>
                  <th scope="col">{t('subscription:fit.covers')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((plan) => (
                  <tr key={plan.key} data-suggested={plan.suggested || undefined}>
                    <th scope="row">
                      {plan.current ? t('subscription:fit.currentPlan', { name: plan.cost.name }) : plan.cost.name}
                      <span className="fit-table__options">{optionsText(plan.cost)}</span>
                    </th>
                    <td className="number">{money(plan.cost.average)}</td>
                    <td>{plan.cost.covers ? t('subscription:fit.yes') : t('subscription:fit.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">{t('subscription:fit.note')}</p>
        </>
      )}
    </section>
  );
};
