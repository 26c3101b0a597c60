import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export { ContactPage } from './contact-page.tsx';

export const SettingsPage = () => <TitledPage title={useTranslation('settings').t('title')} />;
export const AlertsPage = () => <TitledPage title={useTranslation('settings').t('alerts.title')} />;
export const PaymentPage = () => <TitledPage title={useTranslation('settings').t('payment.title')} />;
export const AccountPage = () => <TitledPage title={useTranslation('settings').t('account.title')} />;
