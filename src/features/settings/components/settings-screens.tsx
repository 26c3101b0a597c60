import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export { AlertsPage } from './alerts-page.tsx';
export { ContactPage } from './contact-page.tsx';
export { SettingsPage } from './settings-page.tsx';

export const PaymentPage = () => <TitledPage title={useTranslation('settings').t('payment.title')} />;
export const AccountPage = () => <TitledPage title={useTranslation('settings').t('account.title')} />;
