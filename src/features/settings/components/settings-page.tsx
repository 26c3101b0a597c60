import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useSettingsPage } from '../data/use-settings-page.ts';
import { CookieSettings } from './cookie-settings.tsx';
import { LineSection } from './line-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { ProfileOverview, type SaveLanguage } from './profile-overview.tsx';
import './settings.css';

export type SettingsPageProps = {
  /** Saves the language on the account (the app passes the auth feature's queued language change). */
  saveLanguage: SaveLanguage;
  /** The logout button with its confirmation (the app's, shared with the navigation). */
  logout: ReactNode;
};

/**
 * /settings/main (SPEC §2 "Profile and settings"): the profile overview with the language, the selected line's
 * settings, privacy, cookies and logout. Readable offline from Dexie with its age; every change is queued.
 */
export const SettingsPage = ({ saveLanguage, logout }: SettingsPageProps) => {
  const { t } = useTranslation(['settings', 'common']);
  const { result, refresh, refreshError, lineRefreshError } = useSettingsPage();
  const [busy, setBusy] = useState(false);
  const logoutId = useId();
  const data = result.status === 'ready' ? result.data : null;

  if (!data) return <Spinner label={t('common:loading')} />;
  const refreshAll = () => {
    setBusy(true);
    void refresh().finally(() => setBusy(false));
  };

  return (
    <TitledPage title={t('settings:title')}>
      <FreshnessNote fetchedAt={data.customerFetchedAt} busy={busy} onRefresh={refreshAll} />
      {refreshError && data.customerFetchedAt === undefined ? <Alert tone="error">{t('settings:loadError')}</Alert> : null}
      <ProfileOverview data={data} saveLanguage={saveLanguage} />
      <LineSection data={data} onRefreshLine={refresh} refreshError={lineRefreshError} />
      <PrivacySection data={data} />
      <CookieSettings />
      <section className="settings-section" aria-labelledby={logoutId}>
        <h2 id={logoutId}>{t('settings:logout.title')}</h2>
        <div className="card">
          <p>{t('settings:logout.text')}</p>
          {logout}
        </div>
      </section>
    </TitledPage>
  );
};
