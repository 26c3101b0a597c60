import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lineAction, lineTone, type LineStatus } from '#contract/contract-state';
import { paths, withQuery } from '#lib/route-paths';
import { operatorVariables } from '#lib/operator';
import { Alert } from './alert.tsx';
import { Badge } from './badge.tsx';

/** A line's one status as a badge (docs/product/home.md "Line status"): never "Active" beside "Blocked". */
export const LineStatusBadge = ({ status }: { status: LineStatus }) => {
  const { t } = useTranslation('customer');
  return <Badge tone={lineTone(status)}>{t(`lineStatus.label.${status}`)}</Badge>;
};

/**
 * The one banner of a line that does not simply work: what is the matter, in words, and the one thing to do about
 * it (call customer service at the configured number, pay the open invoices, activate the SIM). Nothing for an
 * active line. `canAct`: a plain user is not the one who pays or activates (docs/product/roles.md), it only calls.
 */
export const LineStatusBanner = ({
  status,
  number,
  contractId,
  canAct = true,
}: {
  status: LineStatus;
  number: string;
  contractId: number;
  canAct?: boolean;
}) => {
  const { t } = useTranslation('customer');
  if (status === 'active') return null;
  const action = lineAction(status);
  const tone = lineTone(status) === 'danger' ? 'error' : 'info';
  return (
    <Alert tone={tone} role="status">
      <p>{t(`lineStatus.banner.${status}`, { number })}</p>
      {action === 'callService' ? (
        <p>
          <a href={operatorVariables.serviceHref}>{t('lineStatus.action.callService')}</a>
        </p>
      ) : null}
      {action === 'payInvoices' && canAct ? (
        <p>
          <Link to={paths.bills}>{t('lineStatus.action.payInvoices')}</Link>
        </p>
      ) : null}
      {action === 'activateSim' && canAct ? (
        <p>
          <Link to={withQuery(paths.activateSim, { contractId })}>{t('lineStatus.action.activateSim')}</Link>
        </p>
      ) : null}
    </Alert>
  );
};
