import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadChunk } from '#lib/chunk-load';
import { paths, withQuery } from '#lib/route-paths';
import type * as AlertModalModule from '#ui/alert-modal';
import { PayNowButton } from '#ui/pay-now-button';
import { useOnline } from '#ui/use-online';
import type { AlertKind } from '../data/alert-rules.ts';
import { payOpenTotal } from '../data/pay-now.ts';
import type { HomeAlerts } from '../data/use-home-alerts.ts';

type ModalModule = typeof AlertModalModule;
let loaded: ModalModule | null = null;

/**
 * Whether home's alerts are on screen: decided, and the modal of a due one in place. The modal (react-aria's
 * dialog) loads when an alert is due, so home's first frame does without it; until it is there, home does not
 * count its alerts as shown (`data-state` on the page, which tests wait for before using the page).
 */
export const useAlertsOnScreen = (alerts: HomeAlerts): boolean => {
  const due = alerts.settled && alerts.due.length > 0;
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!due || module) return undefined;
    let live = true;
    void loadChunk(() => import('#ui/alert-modal')).then(
      (m) => {
        loaded = m;
        if (live) setModule(m);
      },
      // The chunk-load error notice (lib/chunk-load.ts) offers the reload.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [due, module]);
  return alerts.settled && (!due || module !== null);
};

const targets: Record<AlertKind, string> = {
  activateSim: paths.activateSim,
  invoiceSituation: paths.bills,
  overspentLimit: paths.consumptionOverspent,
};

/**
 * The title and text of an alert's modal. The unpaid-invoice modal says an invoice is past its due date only when the
 * server's situation does (`alerts.invoiceTone`, docs/product/home.md "Alert modals"); otherwise it is an invoice to
 * pay, without the threat of a suspension.
 */
const textKeys = (kind: AlertKind, alerts: HomeAlerts) =>
  kind === 'invoiceSituation' && alerts.invoiceTone === 'notYetDue'
    ? ({ title: 'alerts.invoiceSituation.notYetDueTitle', text: 'alerts.invoiceSituation.notYetDueText' } as const)
    : kind === 'invoiceSituation' && alerts.invoiceTone === 'lineBlocked'
      ? ({ title: 'alerts.invoiceSituation.blockedTitle', text: 'alerts.invoiceSituation.blockedText' } as const)
      : ({ title: `alerts.${kind}.title`, text: `alerts.${kind}.text` } as const);

/**
 * The first due alert of docs/product/home.md "Alert modals" as a modal; closing it hides it for 24 hours and shows
 * the next one. The SIM activation leads into the activation of that line (`activateContractId`); the unpaid invoice
 * offers to pay the open total at once (docs/product/payments.md "Where the customer pays") beside the way to the
 * bills.
 */
export const HomeAlertModals = ({
  alerts,
  activateContractId,
  customerId,
}: {
  alerts: HomeAlerts;
  activateContractId: number | null;
  customerId: number | null;
}) => {
  const { t, i18n } = useTranslation('home');
  const online = useOnline();
  const kind = alerts.settled ? alerts.due[0] : undefined;
  // Rendered again by home once the modal has loaded (useAlertsOnScreen).
  const AlertModal = loaded?.AlertModal;
  if (!kind || !AlertModal) return null;
  const target = kind === 'activateSim' ? withQuery(targets.activateSim, { contractId: activateContractId }) : targets[kind];
  const keys = textKeys(kind, alerts);
  return (
    <AlertModal
      key={kind}
      isOpen
      title={t(keys.title)}
      closeLabel={t('alerts.close')}
      onClose={() => void alerts.close(kind)}
      actions={
        kind === 'invoiceSituation' && customerId !== null ? (
          <>
            {alerts.onlinePayment ? <PayNowButton start={(key) => payOpenTotal(customerId, key, i18n.language)} online={online} /> : null}
            <Link className="button" data-variant="secondary" to={target}>
              {t(`alerts.${kind}.action`)}
            </Link>
          </>
        ) : (
          <Link className="button" data-variant="primary" to={target}>
            {t(`alerts.${kind}.action`)}
          </Link>
        )
      }
    >
      <p>{t(keys.text)}</p>
    </AlertModal>
  );
};
