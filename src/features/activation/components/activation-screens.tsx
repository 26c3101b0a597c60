import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { activationStage } from '#contract/activation-rules';
import { formatDateTime, formatPhoneNumber } from '#lib/format';
import { pathTo, paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage, useDocumentTitle } from '#ui/titled-page';
import { forgetPublicOrder } from '../data/activation-actions.ts';
import { needsCodeAgain, useActivationEntry, useHolderOrder, usePublicOrder, useSimOrders } from '../data/use-sim-orders.ts';
import { CodeForm } from './code-form.tsx';
import { OrderFollowUp, stageTone } from './order-follow-up.tsx';
import './activation.css';
import { useScreenAboveSettled } from '#lib/screen-settled';

/*
 * SIM activation and the follow-up of SIM orders (docs/product/activation.md "Entry points"): /orders/activate (no
 * login), /orders/{uuid} (order-follow) and the activation part of /orders.
 */

/** A follow-up's page: its title names the order, whose number never breaks across lines. */
const FollowPage = ({ orderRef, children }: { orderRef: string; children: ReactNode }) => {
  const { t } = useTranslation('activation');
  useDocumentTitle(`${t('follow.titleShort')} ${orderRef}`);
  return (
    <div className="page">
      <header className="page__header">
        <h1>
          {t('follow.titleShort')} <span className="nowrap">{orderRef}</span>
        </h1>
      </header>
      {children}
    </div>
  );
};

const contractIdOf = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /orders/activate. Without login: the order number (or customer or phone number) and the code, then the order's
 * follow-up on this device. A logged-in holder arriving with ?contractId= (the home modal, the line's card) goes
 * to the follow-up of that line's order, where the activation continues.
 */
export const ActivateSimPage = () => {
  const { t } = useTranslation(['activation', 'common']);
  const [params] = useSearchParams();
  const entry = useActivationEntry(contractIdOf(params.get('contractId')));
  if (entry.kind === 'loading') return <Spinner label={t('common:loading')} />;
  if (entry.kind === 'found') return <Navigate replace to={pathTo(paths.orderFollow, { uuid: entry.uuid })} />;
  return <PublicActivation />;
};

const PublicActivation = () => {
  const { t } = useTranslation(['activation', 'common']);
  const { result, refresh, refreshError } = usePublicOrder();
  if (result.status === 'loading') return <Spinner label={t('common:loading')} />;
  const followed = result.data;
  const codeAgain = needsCodeAgain(refreshError);
  if (!followed?.order) {
    return (
      <TitledPage title={t('activation:title')}>
        <p className="muted activation-intro">{t('activation:intro')}</p>
        <CodeForm notice={followed && codeAgain ? t('activation:code.expiredSession') : null} />
      </TitledPage>
    );
  }
  const { order } = followed;
  return (
    <FollowPage orderRef={order.orderRef}>
      {codeAgain ? <CodeForm notice={t('activation:code.expiredSession')} /> : null}
      <OrderFollowUp order={order} access="public" fetchedAt={followed.fetchedAt} refresh={refresh} canAct={!codeAgain} />
      <p>
        <Button variant="secondary" onPress={() => void forgetPublicOrder()}>
          {t('activation:follow.another')}
        </Button>
      </p>
    </FollowPage>
  );
};

/** /orders/{uuid}: the follow-up of one of the holder's SIM orders (not for a plain user: the route's guard). */
export const OrderFollowPage = () => {
  const { t } = useTranslation(['activation', 'common']);
  const { uuid = '' } = useParams();
  const { result, refresh, refreshError, settled } = useHolderOrder(uuid);
  const data = result.status === 'ready' ? result.data : null;
  const order = data?.order;
  if (!order) {
    if (result.status === 'loading' || !settled) return <Spinner label={t('common:loading')} />;
    return (
      <TitledPage title={t('activation:follow.titleShort')}>
        <Alert tone="error">
          {refreshError && data?.fetchedAt === undefined ? t('activation:follow.loadError') : t('activation:follow.notFound')}
        </Alert>
        <Link to={paths.orders}>{t('activation:follow.backToOrders')}</Link>
      </TitledPage>
    );
  }
  return (
    <FollowPage orderRef={order.orderRef}>
      <OrderFollowUp order={order} access="account" fetchedAt={data.fetchedAt} refresh={refresh} />
      <p>
        <Link to={paths.orders}>{t('activation:follow.backToOrders')}</Link>
      </p>
    </FollowPage>
  );
};

const RECENT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The activation part of /orders: the holder's SIM orders still under way (and those active for less than 30 days),
 * each with where it stands, when the next step is expected, and a link to its follow-up. Nothing when there is none.
 */
export const ActivationOrdersSection = () => {
  const { t, i18n } = useTranslation(['activation', 'common']);
  const { result, refresh } = useSimOrders();
  const [now] = useState(() => Date.now());
  // Below the orders' list: drawn once the list is in place, never pushed down by it (issue 41).
  const above = useScreenAboveSettled();
  if (result.status === 'loading' || !result.data || !above) return null;
  const { orders, fetchedAt } = result.data;
  const shown = orders.filter((order) => {
    const stage = activationStage(order);
    if (stage === 'closed') return false;
    return stage !== 'active' || order.activatedAt === null || now - Date.parse(order.activatedAt) < RECENT_MS;
  });
  if (shown.length === 0) return null;
  return (
    <section className="activation-orders" aria-labelledby="activation-orders-title">
      <h2 id="activation-orders-title">{t('activation:orders.title')}</h2>
      <FreshnessNote fetchedAt={fetchedAt} onRefresh={() => void refresh()} />
      <ul className="activation-orders__list">
        {shown.map((order) => {
          const stage = activationStage(order);
          const number = order.msisdn ? formatPhoneNumber(order.msisdn) : t('activation:follow.noNumber');
          return (
            <li key={order.uuid} className="card activation-orders__item">
              <div className="follow-up__summary">
                <span className="follow-up__line">{number}</span>
                <Badge tone={stageTone(stage)}>{t(`activation:stageLabel.${stage}`)}</Badge>
              </div>
              <span className="muted nowrap">{t('activation:orders.order', { order: order.orderRef })}</span>
              {order.nextStep ? (
                <span className="muted">
                  {t('activation:orders.expected', { time: formatDateTime(Date.parse(order.nextStep.expectedAt), i18n.language) })}
                </span>
              ) : null}
              <Link to={pathTo(paths.orderFollow, { uuid: order.uuid })}>{t('activation:orders.follow', { order: order.orderRef })}</Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
