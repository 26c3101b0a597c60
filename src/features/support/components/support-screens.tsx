import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export const SupportPage = () => <TitledPage title={useTranslation('support').t('title')} />;
export const SupportContactPage = () => <TitledPage title={useTranslation('support').t('contact.title')} />;
