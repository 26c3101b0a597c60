import { startTransition, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadChunk } from '#lib/chunk-load';
import { paths, withQuery } from '#lib/route-paths';
import type * as AlertModalModule from '#ui/alert-modal';
import type { AlertModalProps } from '#ui/alert-modal';
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
        // A transition: home renders again with the modal in slices of a few milliseconds, not in one long task
        // (issue 41); the modal is not a reply to a tap, nothing waits on it.
        if (live) startTransition(() => setModule(m));
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
  const kind = alerts.settled ? alerts.due[0] : undefined;
  // Rendered again by home once the modal has loaded (useAlertsOnScreen).
  const AlertModal = loaded?.AlertModal;
  if (!kind || !AlertModal) return null;
  return (
    <DueAlert key={kind} kind={kind} alerts={alerts} activateContractId={activateContractId} customerId={customerId} Modal={AlertModal} />
  );
};

type DueAlertProps = {
  kind: AlertKind;
  alerts: HomeAlerts;
  activateContractId: number | null;
  customerId: number | null;
  Modal: ComponentType<AlertModalProps>;
};

/** One alert's modal: its title, text and actions, in the app's modal or in the first visit's painted copy. */
const DueAlert = ({ kind, alerts, activateContractId, customerId, Modal }: DueAlertProps) => {
  const { t, i18n } = useTranslation('home');
  const online = useOnline();
  const target = kind === 'activateSim' ? withQuery(targets.activateSim, { contractId: activateContractId }) : targets[kind];
  const keys = textKeys(kind, alerts);
  return (
    <Modal
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
    </Modal>
  );
};

/** The attribute of the first visit's painted alert (below), which home removes once its own alerts are on screen. */
export const firstAlertAttribute = 'data-first-alert';

/**
 * The markup of the app's alert modal (ui/alert-modal.tsx, react-aria's overlay, modal and dialog) without its
 * behaviour: the server paints a first visit's due alert with it, beside the page's root, so that the screen's
 * first paint is the one the app then shows (app/first-visit.tsx). Its closing button waits for the app.
 */
const PaintedAlertModal = ({ title, closeLabel, children, actions }: AlertModalProps) => (
  <div className="modal-overlay" {...{ [firstAlertAttribute]: '' }}>
    <div className="modal">
      <section className="dialog" role="alertdialog" aria-label={title}>
        <h2>{title}</h2>
        {children}
        <div className="dialog__actions">
          {actions}
          <button type="button" className="button" data-variant="secondary" disabled>
            {closeLabel}
          </button>
        </div>
      </section>
    </div>
  </div>
);

/** The first due alert of a first visit, as the server paints it (app/first-visit.tsx). */
export const FirstVisitAlert = (props: Omit<DueAlertProps, 'Modal'>) => <DueAlert {...props} Modal={PaintedAlertModal} />;

/**
 * The painted alert of a first visit goes once home's own alerts are on screen (its modal in place, or none due).
 * Until then it covers the page as the app's modal will.
 */
export const useFirstAlertHandover = (alertsOnScreen: boolean): void => {
  useLayoutEffect(() => {
    if (alertsOnScreen) document.querySelector(`[${firstAlertAttribute}]`)?.remove();
  }, [alertsOnScreen]);
};
