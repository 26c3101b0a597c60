import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export const OffersPage = () => <TitledPage title={useTranslation('offers').t('title')} />;
export const LinkAccountsPage = () => <TitledPage title={useTranslation('offers').t('link.title')} />;
