import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { lineStatus, lineTone } from '#contract/contract-state';
import { isPlainUser } from '#contract/roles';
import { canSwitchContract } from '#lib/contract-selection';
import { isHomeState, paths, withQuery } from '#lib/route-paths';
import { useDocumentTitle } from '#ui/titled-page';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { LineStatusBadge, LineStatusBanner } from '#ui/line-status';
import { PullToRefresh } from '#ui/pull-to-refresh';
import { Spinner } from '#ui/spinner';
import { canActivateSim } from '../data/alert-rules.ts';
import { setSelectedContract } from '../data/contract-preference.ts';
import { formatPhoneNumber } from '../data/contract-status.ts';
import { useHomeAlerts } from '../data/use-home-alerts.ts';
import { useContractUsage, type ContractRow } from '../data/use-home-usage.ts';
import { useHome } from '../data/use-home.ts';
import { HomeAlertModals, useAlertsOnScreen, useFirstAlertHandover } from './home-alerts.tsx';
import { useFirstPaintSnapshot } from './use-first-paint-snapshot.ts';
import { NextBillNote } from './next-bill-note.tsx';
import { QuickActions } from './quick-actions.tsx';
import { UsageOverview } from './usage-overview.tsx';

export { readHomeFirstFrame } from '../data/home-first-frame.ts';
export { FirstVisitAlert } from './home-alerts.tsx';

/** One status per line, in words (docs/product/home.md "Line status"): a blocked line never shows as active. */
const statusOf = (contract: ContractRow) =>
  lineStatus({
    status: contract.status,
    subStatus: contract.subStatus,
    dunningLevelReached: contract.dunningLevelReached,
    fraudulentBehaviour: contract.fraudulentBehaviour,
  });

/**
 * The customer's lines, each with its status, its activation when on its way, and the choice of the line shown. A
 * memo, as home's gauges and next bill: each of home's queries arriving re-renders home, not the parts it did not
 * change (issue 41).
 */
const ContractList = memo(function ContractList({
  contracts,
  selectedContractId,
  loading,
  isPlain,
  switchable,
}: {
  contracts: ContractRow[];
  selectedContractId: number | null;
  loading: boolean;
  isPlain: boolean;
  switchable: boolean;
}) {
  const { t } = useTranslation(['home', 'common']);
  return (
    <section aria-labelledby="contracts-title">
      <h2 id="contracts-title">
        {t('home:contracts')} <span className="muted">({t('home:contractsCount', { count: contracts.length })})</span>
      </h2>
      {loading ? (
        <Spinner label={t('common:loading')} />
      ) : contracts.length === 0 ? (
        <p>{t('home:noContracts')}</p>
      ) : (
        <ul className="contract-list">
          {contracts.map((contract) => {
            const isSelected = contract.id === selectedContractId;
            const number = contract.msisdn ? formatPhoneNumber(contract.msisdn) : t('home:noNumber');
            return (
              <li key={contract.id} className="card contract-card" data-selected={isSelected || undefined}>
                <div className="contract-card__main">
                  <span className="contract-card__number">{number}</span>
                  <span className="contract-card__badges">
                    <LineStatusBadge status={statusOf(contract)} />
                  </span>
                </div>
                <span className="muted">{t('home:contractRef', { ref: contract.contractRef })}</span>
                {!isPlain && contract.status === 'IN_DELIVERY' ? (
                  // A line on its way: its activation (or the follow-up of its order), also once the modal is closed.
                  <Link className="link-button" to={withQuery(paths.activateSim, { contractId: contract.id })}>
                    {canActivateSim(contract) ? t('home:activateSim', { msisdn: number }) : t('home:followOrder', { msisdn: number })}
                  </Link>
                ) : null}
                {isSelected ? (
                  <span className="contract-card__selected">{t('home:selected')}</span>
                ) : switchable ? (
                  <button type="button" className="link-button" onClick={() => void setSelectedContract(contract.id)}>
                    {t('home:select', { msisdn: number })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
});

export const HomePage = () => {
  const { t } = useTranslation(['home', 'common']);
  const { result, refresh, refreshError } = useHome();
  // A message another screen left on its way here: the e-mail confirmation link opened while logged in. It is
  // kept for this visit and taken out of the history entry, which a reload would otherwise replay.
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (isHomeState(location.state) ? location.state.notice : undefined));
  useEffect(() => {
    if (isHomeState(location.state)) void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  const [busy, setBusy] = useState(false);
  const data = result.status === 'ready' ? result.data : null;
  const selected = data?.contracts.find((c) => c.id === data.selectedContractId);
  const usage = useContractUsage(data?.session.customerId ?? null, selected);
  const alerts = useHomeAlerts(data?.session ?? null, data?.contracts ?? [], data?.selectedContractId ?? null, usage.settled);
  const alertsOnScreen = useAlertsOnScreen(alerts);
  useFirstAlertHandover(alertsOnScreen);
  useDocumentTitle(null);
  // Home complete on screen (the selected contract's usage too, or its lack of any): kept for the next start's first
  // paint (lib/first-paint.ts).
  const usageShown =
    !selected ||
    (usage.result.status === 'ready' &&
      (Boolean(usage.result.data.summary) || Boolean(usage.error) || (usage.settled && usage.result.data.fetchedAt !== undefined)));
  useFirstPaintSnapshot(data !== null && usageShown, data?.session.userGuid ?? null, data?.selectedContractId ?? null);

  if (!data) return <Spinner label={t('common:loading')} />;

  const { session, contact, contracts, selectedContractId } = data;
  // The contact is the account holder's; a plain user (an employee) is named with its own name.
  const isPlain = isPlainUser(session);
  const holder = isPlain ? undefined : contact;
  const fullName = [holder?.firstName ?? session.firstName, holder?.lastName ?? session.lastName].filter(Boolean).join(' ');
  const company = contact && !contact.residential ? contact.company?.name : undefined;
  const switchable = canSwitchContract(isPlain, contracts.length);
  const selectedStatus = selected ? statusOf(selected) : null;
  // One quiet freshness line for the whole screen: the age of its oldest figures (the customer's lines or the usage).
  const usageFetchedAt = usage.result.status === 'ready' ? usage.result.data.fetchedAt : undefined;
  const fetchedAt =
    data.fetchedAt !== undefined && usageFetchedAt !== undefined ? Math.min(data.fetchedAt, usageFetchedAt) : data.fetchedAt;

  const onRefresh = () => {
    if (busy) return;
    setBusy(true);
    void Promise.all([refresh(), usage.refresh()]).finally(() => setBusy(false));
  };

  return (
    <div className="page home" data-testid="home-alerts" data-state={alertsOnScreen ? 'settled' : 'pending'}>
      <PullToRefresh onRefresh={onRefresh} busy={busy} />
      {/* Issue 43 point 1: no greeting above the figures. Who is logged in (and for which company) and how fresh the
          figures are fit one quiet line; the page's heading names the screen for assistive technology. */}
      <header className="home-quiet">
        <h1 className="visually-hidden">{t('home:title')}</h1>
        <p className="home-quiet__who" data-testid="customer-name">
          {fullName}
          {company ? ` · ${t('home:company', { company })}` : ''}
        </p>
        <FreshnessNote fetchedAt={fetchedAt} onRefresh={onRefresh} busy={busy} />
      </header>
      {notice === 'emailConfirmed' ? <Alert tone="success">{t('home:emailConfirmed')}</Alert> : null}
      {refreshError && fetchedAt === undefined ? <Alert tone="error">{t('home:loadError')}</Alert> : null}
      {selected && selectedStatus && lineTone(selectedStatus) === 'danger' ? (
        // A line on its way has its activation on its card below; a line that does not work says why, and what to do.
        <LineStatusBanner
          status={selectedStatus}
          number={selected.msisdn ? formatPhoneNumber(selected.msisdn) : t('home:noNumber')}
          contractId={selected.id}
          canAct={!isPlain}
        />
      ) : null}
      <div className="home-hero" data-plain={isPlain || undefined}>
        {selected ? <UsageOverview contract={selected} usage={usage} /> : null}
        {/* Beside the figures on a desktop, below them on a phone: drawn with them, so that a phone's first visit
            (nothing stored, home not drawn by the server: /offers/link-accounts) does not draw the next bill and the
            lines under the figures' spinner and push them down when the gauges replace it (issue 41: 0.06). */}
        {usageShown ? (
          <div className="home-hero__side">
            <NextBillNote customerId={isPlain ? null : session.customerId} />
            <QuickActions plainUser={isPlain} contractId={selected?.id ?? null} />
          </div>
        ) : null}
      </div>
      {usageShown ? (
        <ContractList
          contracts={contracts}
          selectedContractId={selectedContractId}
          loading={fetchedAt === undefined && contracts.length === 0}
          isPlain={isPlain}
          switchable={switchable}
        />
      ) : null}
      <HomeAlertModals
        alerts={alerts}
        activateContractId={contracts.find(canActivateSim)?.id ?? null}
        customerId={isPlain ? null : session.customerId}
      />
    </div>
  );
};
