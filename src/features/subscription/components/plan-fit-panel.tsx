import { useTranslation } from 'react-i18next';
import { formatDate, formatMoneyCents } from '#lib/format';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import type { PlanFitState } from '../data/use-plan-fit.ts';

type PlanCost = Extract<PlanFitState, { status: 'ready' }>['fit']['plans'][number];

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
  const optionsText = (plan: PlanCost) =>
    plan.options.length === 0
      ? t('subscription:fit.noOptions')
      : plan.options.map((o) => (o.count > 1 ? `${optionName(o.id)} × ${o.count}` : optionName(o.id))).join(', ');
  return (
    <section className="card" aria-labelledby="fit-title">
      <h2 id="fit-title">{t('subscription:fit.title')}</h2>
      {state.status === 'tooShort' ? (
        <p>{t('subscription:fit.tooShort', { count: state.cycles, needed: state.needed })}</p>
      ) : state.status === 'notOnDevice' ? (
        <Alert tone="info">{t('subscription:fit.notOnDevice')}</Alert>
      ) : state.status === 'loading' ? (
        <Spinner
          label={
            state.progress
              ? t('subscription:fit.loadingProgress', { loaded: state.progress.loaded, total: state.progress.total })
              : t('subscription:fit.loading')
          }
        />
      ) : (
        <>
          <p className="muted">
            {t('subscription:fit.basis', {
              count: state.fit.cycles,
              from: formatDate(state.from, lang),
              to: formatDate(state.to, lang),
            })}
          </p>
          {state.fit.suggestion ? (
            <div className="alert" data-tone="success" role="status" data-testid="plan-suggestion">
              <p>
                {t('subscription:fit.suggestion', {
                  name: state.fit.suggestion.name,
                  average: money(state.fit.suggestion.average),
                  saving: money(state.fit.monthlySaving),
                  current: money(state.fit.current.average),
                })}
              </p>
              {onChoose ? (
                <Button onPress={() => onChoose(state.fit.suggestion!)}>
                  {t('subscription:fit.choose', { name: state.fit.suggestion.name })}
                </Button>
              ) : null}
            </div>
          ) : (
            <Alert tone="info">{t('subscription:fit.fits', { current: money(state.fit.current.average) })}</Alert>
          )}
          <div className="table-scroll">
            <table className="fit-table">
              <caption>{t('subscription:fit.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('subscription:fit.plan')}</th>
                  <th scope="col">{t('subscription:fit.options')}</th>
                  <th scope="col" className="number">
                    {t('subscription:fit.average')}
                  </th>
                  <th scope="col">{t('subscription:fit.covers')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('subscription:fit.currentPlan', { name: state.fit.current.name })}</th>
                  <td>{optionsText(state.fit.current)}</td>
                  <td className="number">{money(state.fit.current.average)}</td>
                  <td>{state.fit.current.covers ? t('subscription:fit.yes') : t('subscription:fit.no')}</td>
                </tr>
                {state.fit.plans.map((plan) => (
                  <tr key={plan.productId} data-suggested={plan.productId === state.fit.suggestion?.productId || undefined}>
                    <th scope="row">{plan.name}</th>
                    <td>{optionsText(plan)}</td>
                    <td className="number">{money(plan.average)}</td>
                    <td>{plan.covers ? t('subscription:fit.yes') : t('subscription:fit.no')}</td>
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
