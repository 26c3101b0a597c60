import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { useShellParts } from '#ui/shell-parts';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useSettingsPage, type SettingsPageData } from '../data/use-settings-page.ts';
import { CookieSettings } from './cookie-settings.tsx';
import { LineSection, type LinePart } from './line-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { ProfileOverview } from './profile-overview.tsx';
import './settings.css';

type SectionKey = 'contact' | 'payment' | 'alerts' | 'password' | 'limits' | 'network' | 'codes' | 'privacy';

/** The profile's sections, each on its own page, in the order customers look for them. */
const sections: readonly { key: SectionKey; to: string; holderOnly?: boolean }[] = [
  { key: 'contact', to: paths.settingsContact },
  { key: 'payment', to: paths.settingsPayment, holderOnly: true },
  { key: 'alerts', to: paths.settingsAlerts },
  { key: 'limits', to: paths.settingsLimits },
  { key: 'network', to: paths.settingsNetwork },
  { key: 'codes', to: paths.settingsCodes },
  { key: 'privacy', to: paths.settingsPrivacy },
  { key: 'password', to: paths.accountMain },
];

/** The list of the profile's sections: a name and what is there, one tap to each. */
const SectionLinks = ({ isPlain }: { isPlain: boolean }) => {
  const { t } = useTranslation('settings');
  const headingId = useId();
  return (
    <nav className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sections.label')}</h2>
      <ul className="section-links card">
        {sections
          .filter((section) => !(section.holderOnly && isPlain))
          .map((section) => (
            <li key={section.key}>
              <Link to={section.to}>
                <span className="section-links__title">{t(`sections.${section.key}.title`)}</span>
                <span className="section-links__hint">{t(`sections.${section.key}.hint`)}</span>
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
};

/**
 * /settings/main (docs/product/settings.md "The profile screen"): one short page with the customer's details and
 * language, the list of the sections (each its own page: contact, payment, alerts, limits, network, PIN and PUK,
 * privacy and cookies, password) and logout. Readable offline from Dexie with its age; every change is queued. The
 * language's save on the account and the logout entry are the main layout's to lend (ui/shell-parts.tsx).
 */
export const SettingsPage = () => {
  const { t } = useTranslation(['settings', 'common']);
  const { saveLanguage, logout } = useShellParts();
  const { result, refresh, refreshError } = useSettingsPage();
  const [busy, setBusy] = useState(false);
  const logoutId = useId();
  const data = result.status === 'ready' ? result.data : null;

  // A first visit, before the customer's first answer: one spinner rather than the details drawn empty and grown
  // (issue 41: no layout shift).
  if (!data || (data.customerFetchedAt === undefined && !refreshError)) return <Spinner label={t('common:loading')} />;
  const refreshAll = () => {
    setBusy(true);
    void refresh().finally(() => setBusy(false));
  };

  return (
    <TitledPage title={t('settings:title')}>
      <FreshnessNote fetchedAt={data.customerFetchedAt} busy={busy} onRefresh={refreshAll} />
      {refreshError && data.customerFetchedAt === undefined ? <Alert tone="error">{t('settings:loadError')}</Alert> : null}
      <ProfileOverview data={data} saveLanguage={saveLanguage} />
      <SectionLinks isPlain={data.isPlain} />
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

/** A section's page: its title, the way back to the profile, and the section itself once the data is read. */
const SectionPage = ({
  titleKey,
  children,
}: {
  titleKey: SectionKey;
  children: (data: SettingsPageData, page: ReturnType<typeof useSettingsPage>) => ReactNode;
}) => {
  const { t } = useTranslation(['settings', 'common']);
  const page = useSettingsPage();
  const data = page.result.status === 'ready' ? page.result.data : null;
  return (
    <TitledPage title={t(`settings:sections.${titleKey}.title`)}>
      <p>
        <Link to={paths.settingsMain}>{t('settings:sections.back')}</Link>
      </p>
      {data ? children(data, page) : <Spinner label={t('common:loading')} />}
    </TitledPage>
  );
};

/** /settings/limits, /settings/network and /settings/sim-codes: the selected line's settings of one part. */
const LinePartPage = ({ part }: { part: LinePart }) => (
  <SectionPage titleKey={part}>
    {(data, page) => <LineSection data={data} part={part} onRefreshLine={page.refresh} refreshError={page.lineRefreshError} />}
  </SectionPage>
);

export const LimitsPage = () => <LinePartPage part="limits" />;
export const NetworkPage = () => <LinePartPage part="network" />;
export const SimCodesPage = () => <LinePartPage part="codes" />;

/** /settings/privacy: the holder's consents and this browser's cookie choices. */
export const PrivacyPage = () => {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <SectionPage titleKey="privacy">
      {(data, page) =>
        // A first visit, before the consents' first answer: one spinner rather than the cookie choices drawn first and
        // pushed down by the consents' form (issue 41: no layout shift).
        !data.isPlain && !data.privacy && !page.refreshError ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <>
            <PrivacySection data={data} />
            <CookieSettings />
          </>
        )
      }
    </SectionPage>
  );
};
