import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationChannels, notificationTypes } from '#contract/settings';
import { formatDateTime, formatPhoneNumber } from '#lib/format';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote, RefreshNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { setAlert } from '../data/notification.mutation.ts';
import { useAlerts, type AlertsData } from '../data/use-alerts.ts';
import { usePush } from '../data/use-push.ts';
import './settings.css';

/** The grid of alert types by channel for the selected line; each box is a queued change. */
const AlertGrid = ({ data }: { data: AlertsData }) => {
  const { t } = useTranslation('settings');
  const number = data.contract?.msisdn ? formatPhoneNumber(data.contract.msisdn) : (data.contract?.contractRef ?? '');
  // docs/product/settings.md "Notifications": a plain user does not see invoice alerts.
  const types = notificationTypes.filter((type) => !(data.isPlain && type === 'INV'));
  return (
    <table className="alert-grid">
      <caption>{t('alerts.grid.caption', { number })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('alerts.grid.type')}</th>
          {notificationChannels.map((channel) => (
            <th key={channel} scope="col">
              {t(`alerts.channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {types.map((type) => (
          <tr key={type}>
            <th scope="row">{t(`alerts.types.${type}`)}</th>
            {notificationChannels.map((channel) => {
              const setting = data.settings.find((s) => s.type === type && s.channel === channel);
              if (!setting) return <td key={channel} />;
              const waiting = data.waiting[setting.id];
              return (
                <td key={channel}>
                  {/* The whole 44 × 44 px cell is the tap target (issue 43 point 7), not the 24 px box alone. */}
                  <label className="tap-target">
                    <input
                      type="checkbox"
                      checked={setting.active}
                      disabled={!data.canEdit}
                      aria-label={t('alerts.grid.cell', { type: t(`alerts.types.${type}`), channel: t(`alerts.channels.${channel}`) })}
                      onChange={(event) => void setAlert(data.customerId, setting.id, event.target.checked)}
                    />
                  </label>
                  {waiting && waiting !== 'applied' ? (
                    <span className="cell-waiting">{waiting === 'rejected' ? t('alerts.grid.refused') : t('alerts.grid.waiting')}</span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/**
 * Push on this device: permission asked only from the button, the refusal message of docs/product/settings.md
 * "Push notifications" with the way back.
 */
const PushPanel = ({ push }: { push: ReturnType<typeof usePush> }) => {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const online = useOnline();
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings:push.title')}</h2>
      <div className="card">
        {push.status === 'loading' ? <Spinner label={t('common:loading')} /> : null}
        {push.status === 'unsupported' ? <p>{t('settings:push.unsupported')}</p> : null}
        {push.status === 'denied' ? (
          <Alert tone="warning">
            <strong>{t('errors:pushDenied')}</strong> {t('settings:push.deniedHelp')}
          </Alert>
        ) : null}
        {push.status === 'off' ? <p>{t('settings:push.off')}</p> : null}
        {push.status === 'on' ? <p role="status">{t('settings:push.on')}</p> : null}
        {push.notice === 'testSent' ? <Alert tone="success">{t('settings:push.testSent')}</Alert> : null}
        {push.notice === 'failed' ? <Alert tone="error">{t('settings:push.failed')}</Alert> : null}
        {push.notice === 'gone' ? <Alert tone="warning">{t('settings:push.gone')}</Alert> : null}
        {!online ? <p className="field__description">{t('common:onlineOnly')}</p> : null}
        <div className="actions">
          {push.status === 'off' ? (
            <Button onPress={() => void push.enable()} isDisabled={push.busy || !online}>
              {t('settings:push.enable')}
            </Button>
          ) : null}
          {push.status === 'on' ? (
            <>
              <Button onPress={() => void push.test()} isDisabled={push.busy || !online}>
                {t('settings:push.test')}
              </Button>
              <Button variant="secondary" onPress={() => void push.disable()} isDisabled={push.busy || !online}>
                {t('settings:push.disable')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
};

const SentList = ({ data }: { data: AlertsData }) => {
  const { t, i18n } = useTranslation('settings');
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sent.title')}</h2>
      <FreshnessNote fetchedAt={data.sentFetchedAt} />
      {data.sent.length === 0 ? (
        <p>{data.sentFetchedAt === undefined ? t('sent.notLoaded') : t('sent.empty')}</p>
      ) : (
        <ul className="sent-list">
          {data.sent.map((sent) => (
            <li key={sent.id}>
              <strong>{sent.title}</strong>
              <span className="sent-list__meta">
                <span>{formatDateTime(Date.parse(sent.sentAt), i18n.language)}</span>
                <span>{t(`alerts.channels.${sent.channel}`)}</span>
                <span>{sent.msisdn ? t('sent.line', { number: formatPhoneNumber(sent.msisdn) }) : t('sent.device')}</span>
                <Badge tone={sent.status === 'sent' ? 'success' : 'warning'}>{t(`sent.status.${sent.status}`)}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/**
 * /settings/alerts (docs/product/settings.md "Notifications", "Push notifications", "Latest notifications"): the
 * alert grid, push on this device with its test, and the last notifications.
 */
export const AlertsPage = () => {
  const { t } = useTranslation(['settings', 'common']);
  const { result, refresh, refreshError } = useAlerts();
  const push = usePush();
  const gridId = useId();
  const data = result.status === 'ready' ? result.data : null;
  // A first visit, before the grid's and the last notifications' first answers: one spinner for the page rather than
  // sections drawn empty and pushed down as the ones above them fill (issue 41: no layout shift). The same for this
  // device's push status: read when the page mounts, its panel's spinner gave way to its text and button a frame
  // after the page was drawn, and pushed the last notifications down (0.3 in one full run of the layout test).
  const firstLoad = data !== null && (data.fetchedAt === undefined || data.sentFetchedAt === undefined) && !refreshError;
  if (!data || firstLoad || push.status === 'loading') return <Spinner label={t('common:loading')} />;
  return (
    <TitledPage title={t('settings:alerts.title')}>
      <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
      {refreshError && data.fetchedAt === undefined ? <Alert tone="error">{t('settings:alerts.loadError')}</Alert> : null}
      <section className="settings-section" aria-labelledby={gridId}>
        <h2 id={gridId}>{t('settings:alerts.gridTitle')}</h2>
        {!data.canEdit ? <Alert tone="info">{t('settings:alerts.readOnly')}</Alert> : null}
        {data.settings.length > 0 ? (
          <AlertGrid data={data} />
        ) : data.fetchedAt === undefined ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <p>{t('settings:alerts.none')}</p>
        )}
      </section>
      <PushPanel push={push} />
      <SentList data={data} />
    </TitledPage>
  );
};
