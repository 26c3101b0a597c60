import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roamingTypes, type RoamingType } from '#contract/line-settings';
import { formatMoneyCents, formatPhoneNumber } from '#lib/format';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { Icon, type IconName } from '#ui/icons';
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

type Section = { key: SectionKey; to: string; icon: IconName; holderOnly?: boolean };

/** The shown line's settings, then the account's: each its own page, in the order customers look for them. */
const lineSections: readonly Section[] = [
  { key: 'limits', to: paths.settingsLimits, icon: 'limits' },
  { key: 'network', to: paths.settingsNetwork, icon: 'network' },
  { key: 'codes', to: paths.settingsCodes, icon: 'codes' },
];
const accountSections: readonly Section[] = [
  { key: 'contact', to: paths.settingsContact, icon: 'contact' },
  { key: 'payment', to: paths.settingsPayment, icon: 'payment', holderOnly: true },
  { key: 'alerts', to: paths.settingsAlerts, icon: 'alerts' },
  { key: 'privacy', to: paths.settingsPrivacy, icon: 'privacy' },
  { key: 'password', to: paths.accountMain, icon: 'password' },
];

/** What a row shows under its name: the setting's current value where the device has it, else what is there. */
const useRowValue = (data: SettingsPageData) => {
  const { t, i18n } = useTranslation('settings');
  return (key: SectionKey): string | null => {
    const limit = data.line?.safeguards.find((s) => s.type === 'OSG');
    switch (key) {
      case 'contact':
        return data.contact?.email ?? null;
      case 'payment': {
        // The mode only: the masked account number is in the details above.
        const mode = data.invoicing?.payment.mode;
        return mode ? t(`sections.values.${mode}`) : null;
      }
      case 'limits':
        return limit ? t('sections.values.limit', { amount: formatMoneyCents(limit.current, i18n.language) }) : null;
      case 'network': {
        const roaming = data.line?.settings.roamingType;
        return roaming && (roamingTypes as readonly string[]).includes(roaming)
          ? t(`line.roaming.options.${roaming as RoamingType}`)
          : null;
      }
      default:
        return null;
    }
  };
};

/** One row: an icon, the section's name, its current value (or what is there), and a chevron to its page. */
const SectionRows = ({ title, sections, data }: { title: string; sections: readonly Section[]; data: SettingsPageData }) => {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const valueOf = useRowValue(data);
  return (
    <nav className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="settings-rows card">
        {sections
          .filter((section) => !(section.holderOnly && data.isPlain))
          .map((section) => (
            <li key={section.key}>
              <Link to={section.to} className="settings-row">
                <span className="settings-row__icon">
                  <Icon name={section.icon} />
                </span>
                <span className="settings-row__text">
                  <span className="settings-row__title">{t(`sections.${section.key}.title`)}</span>
                  <span className="settings-row__value">{valueOf(section.key) ?? t(`sections.${section.key}.hint`)}</span>
                </span>
                <Icon name="chevronRight" size={20} className="icon settings-row__chevron" />
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
};

/**
 * /settings/main (docs/product/settings.md "The profile screen"): one short page with the customer's details and
 * language, the sections as rows (the shown line's, then the account's; icon, name, current value, chevron) (each its own page: contact, payment, alerts, limits, network, PIN and PUK,
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
      {data.contract ? (
        <SectionRows
          title={t('settings:sections.lineLabel', {
            number: data.contract.msisdn ? formatPhoneNumber(data.contract.msisdn) : data.contract.contractRef,
          })}
          sections={lineSections}
          data={data}
        />
      ) : null}
      <SectionRows title={t('settings:sections.label')} sections={accountSections} data={data} />
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
