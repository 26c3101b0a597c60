import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/route-paths';
import { TitledPage } from '#ui/titled-page';

export { AlertsPage } from './alerts-page.tsx';
export { ContactPage } from './contact-page.tsx';
export { LimitsPage, NetworkPage, PrivacyPage, SettingsPage, SimCodesPage } from './settings-page.tsx';

/**
 * The profile's account page: where a customer changes their contact details and their password (the password
 * form follows this page on the same route, under the heading this links to).
 */
export const AccountPage = () => {
  const { t } = useTranslation('settings');
  return (
    <TitledPage title={t('account.title')}>
      <nav aria-label={t('account.links')}>
        <ul className="link-list">
          <li>
            <Link to={paths.settingsContact}>{t('account.contact')}</Link>
          </li>
          <li>
            <a href="#change-password-title">{t('account.password')}</a>
          </li>
        </ul>
      </nav>
    </TitledPage>
  );
};
