import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activationStage, type ActivationStage } from '#contract/activation-rules';
import type { SimOrder } from '#contract/activation';
import { formatPhoneNumber } from '#lib/format';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { RefreshNote } from '#ui/freshness-note';
import type { Access } from '../data/activation-actions.ts';
import { timelineOf, isUnderWay } from '../data/timeline.ts';
import { useRefreshWhileUnderWay } from '../data/use-sim-orders.ts';
import { ActivationChoiceForm } from './activation-choice-form.tsx';
import { IdentificationForm } from './identification-form.tsx';
import { TimelineList } from './timeline-list.tsx';

export const stageTone = (stage: ActivationStage): 'success' | 'warning' | 'danger' | undefined => {
  if (stage === 'active') return 'success';
  if (stage === 'failed' || stage === 'returned' || stage === 'refused' || stage === 'blocked') return 'danger';
  if (stage === 'closed' || stage === 'preparing') return undefined;
  return 'warning';
};

const alertTone = (stage: ActivationStage): 'success' | 'warning' | 'error' | 'info' => {
  const tone = stageTone(stage);
  return tone === 'success'
    ? 'success'
    : tone === 'danger'
      ? 'error'
      : stage === 'identification' || stage === 'ready'
        ? 'warning'
        : 'info';
};

/**
 * The follow-up of one SIM order (docs/product/activation.md "Order follow-up", "Where a SIM order stands"): where it
 * stands in words, what the customer can do now (send documents, choose a new number or a transfer), and the timeline
 * of its real states with the time of the next step. Readable offline with its age; refreshed by itself while the
 * order moves on.
 */
export const OrderFollowUp = ({
  order,
  access,
  fetchedAt,
  refresh,
  canAct = true,
}: {
  order: SimOrder;
  access: Access;
  fetchedAt: number | undefined;
  refresh: () => Promise<void>;
  /** False when the activation session ended: the actions wait for the code to be given again. */
  canAct?: boolean;
}) => {
  const { t } = useTranslation(['activation', 'common']);
  useRefreshWhileUnderWay(order, refresh);
  const stage = activationStage(order);
  const number = order.msisdn ? formatPhoneNumber(order.msisdn) : t('activation:follow.noNumber');
  const failureNumber = order.portIn ? formatPhoneNumber(order.portIn.msisdn) : number;

  return (
    <div className="follow-up">
      <div className="follow-up__summary">
        <p className="follow-up__line">{t('activation:follow.line', { number, product: order.productName })}</p>
        <Badge tone={stageTone(stage)}>{t(`activation:stageLabel.${stage}`)}</Badge>
      </div>
      {order.portIn && stage !== 'active' ? (
        <p className="muted">{t('activation:follow.transfer', { number: formatPhoneNumber(order.portIn.msisdn) })}</p>
      ) : null}
      <RefreshNote fetchedAt={fetchedAt} refresh={refresh} />
      <Alert tone={alertTone(stage)} role="status">
        {t(`activation:stage.${stage}`)}
      </Alert>
      {stage === 'failed' && order.failure ? (
        <Alert tone="error" role="status">
          {order.failure.reason
            ? t(`activation:failure.${order.failure.reason}`, { number: failureNumber })
            : t('activation:failure.activation')}
        </Alert>
      ) : null}
      {canAct && stage === 'identification' ? <IdentificationForm order={order} access={access} /> : null}
      {canAct && (stage === 'ready' || stage === 'failed') ? <ActivationChoiceForm order={order} access={access} /> : null}
      {stage === 'active' ? (
        <p>
          {access === 'account' ? (
            <Link className="button" data-variant="primary" to={paths.home}>
              {t('activation:done.home')}
            </Link>
          ) : (
            <Link className="button" data-variant="primary" to={paths.createAccountMsisdn}>
              {t('activation:done.createAccount')}
            </Link>
          )}
        </p>
      ) : null}
      <section className="follow-up__timeline" aria-labelledby={`timeline-${order.uuid}`}>
        <h2 id={`timeline-${order.uuid}`}>{t('activation:follow.timeline')}</h2>
        <TimelineList items={timelineOf(order)} />
        {isUnderWay(order) ? <p className="muted">{t('activation:follow.automatic')}</p> : null}
      </section>
    </div>
  );
};
