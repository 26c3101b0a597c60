import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadChunk } from '#lib/chunk-load';
import { paths, withQuery } from '#lib/route-paths';
import type { AlertKind } from '../data/alert-rules.ts';
import type { HomeAlerts } from '../data/use-home-alerts.ts';

// The modal (react-aria's dialog) loads when an alert is due: home's first frame does without it.
const AlertModal = lazy(async () => ({ default: (await loadChunk(() => import('#ui/alert-modal'))).AlertModal }));

const targets: Record<AlertKind, string> = {
  activateSim: paths.activateSim,
  invoiceSituation: paths.bills,
  overspentLimit: paths.consumptionOverspent,
};

/**
 * The first due alert of SPEC §4 as a modal; closing it hides it for 24 hours and shows the next one. The SIM
 * activation leads into the activation of that line (`activateContractId`).
 */
export const HomeAlertModals = ({ alerts, activateContractId }: { alerts: HomeAlerts; activateContractId: number | null }) => {
  const { t } = useTranslation('home');
  const kind = alerts.settled ? alerts.due[0] : undefined;
  if (!kind) return null;
  const target = kind === 'activateSim' ? withQuery(targets.activateSim, { contractId: activateContractId }) : targets[kind];
  return (
    <Suspense fallback={null}>
      <AlertModal
        key={kind}
        isOpen
        title={t(`alerts.${kind}.title`)}
        closeLabel={t('alerts.close')}
        onClose={() => void alerts.close(kind)}
        actions={
          <Link className="button" data-variant="primary" to={target}>
            {t(`alerts.${kind}.action`)}
          </Link>
        }
      >
        <p>{t(`alerts.${kind}.text`)}</p>
      </AlertModal>
    </Suspense>
  );
};
