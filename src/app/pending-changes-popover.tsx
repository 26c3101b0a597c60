import { Suspense } from 'react';
import { Button as TriggerButton, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { discardChange, prepareReauthentication, retryChange, type PendingChange } from '#features/offline/data/use-pending-changes.ts';
import { loginPath } from '#lib/route-paths';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import './offline.css';

/** The namespace of a `<namespace>:<key>` label, loaded with the item (its feature's texts). */
const namespaceOf = (label: string): string => label.slice(0, Math.max(0, label.indexOf(':'))) || 'common';

const ChangeItem = ({ change }: { change: PendingChange }) => {
  const { t, i18n } = useTranslation(['customer', 'errors']);
  // The feature declares the change's name with its type (`label` in its `<type>.mutation.ts`), in the feature's
  // namespace: loaded (and waited for) here. A type this build does not know is "a change"; while the declaration
  // loads, the name stays empty.
  const { t: tFeature } = useTranslation(namespaceOf(change.label ?? '') as 'customer');
  const navigate = useNavigate();
  const location = useLocation();
  const label =
    change.label === undefined
      ? ''
      : change.label === null
        ? t('customer:pending.types.other')
        : tFeature(change.label as 'pending.types.other');
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(change.createdAt);
  const state = change.state === 'sending' || change.state === 'applied' ? 'pending' : change.state;
  return (
    <li className="pending-change" data-state={state}>
      <div className="pending-change__head">
        <span className="pending-change__label">{label}</span>
        <Badge tone={state === 'rejected' ? 'danger' : 'warning'}>{t(`customer:pending.state.${state}`)}</Badge>
      </div>
      <span className="muted">{t('customer:pending.madeAt', { time })}</span>
      {change.state === 'rejected' ? (
        <>
          <p className="pending-change__error" role="alert">
            {t(`errors:${change.error?.code ?? 'serverError'}` as 'errors:serverError', { defaultValue: t('errors:serverError') })}
          </p>
          <div className="pending-change__actions">
            <Button variant="secondary" onPress={() => void retryChange(change.key)}>
              {t('customer:pending.retry')}
            </Button>
            <Button variant="ghost" onPress={() => void discardChange(change.key)}>
              {t('customer:pending.discard')}
            </Button>
          </div>
        </>
      ) : null}
      {change.state === 'needs-auth' ? (
        <div className="pending-change__actions">
          <Button
            variant="secondary"
            onPress={() =>
              void prepareReauthentication().then(() =>
                navigate(loginPath({ redirect: location.pathname + location.search }), { replace: true }),
              )
            }
          >
            {t('customer:pending.relogin')}
          </Button>
        </div>
      ) : null}
    </li>
  );
};

/**
 * The pending-changes popover (pending-changes.tsx shows it while changes wait): react-aria's popover and dialog,
 * and each change's actions, load with the first change instead of with every screen's first frame.
 */
export const PendingChangesPopover = ({ changes }: { changes: readonly PendingChange[] }) => {
  const { t } = useTranslation(['customer', 'common']);
  const attention = changes.some((c) => c.state === 'rejected' || c.state === 'needs-auth');
  return (
    <DialogTrigger>
      {/* react-aria's own button: the trigger opens the popover through its press events. */}
      <TriggerButton className="button" data-variant="ghost">
        <span className="pending-indicator" data-attention={attention || undefined}>
          {/* An arrow into a cloud: changes waiting to be sent (never a bare "● 2"). */}
          <svg className="pending-indicator__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5M12 12v8M8.5 15.5 12 12l3.5 3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {/* Phones show a short label (the header is narrow), the desktop the full one; the full text is the name. */}
          <span className="pending-indicator__count" aria-hidden="true">
            {t('pending.short', { count: changes.length })}
          </span>
          <span className="pending-indicator__text">{t('pending.button', { count: changes.length })}</span>
        </span>
      </TriggerButton>
      <Popover className="popover pending-popover" placement="bottom end">
        <Dialog className="pending-dialog" aria-labelledby="pending-title">
          <Heading id="pending-title" slot="title" level={2}>
            {t('pending.title', { count: changes.length })}
          </Heading>
          {/* A change's name may need its feature's texts: only the list waits for them. */}
          <Suspense fallback={<Spinner label={t('common:loading')} />}>
            <ul className="pending-list">
              {changes.map((change) => (
                <ChangeItem key={change.key} change={change} />
              ))}
            </ul>
          </Suspense>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
};
