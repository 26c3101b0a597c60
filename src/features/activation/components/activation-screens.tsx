import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export const ActivateSimPage = () => <TitledPage title={useTranslation('activation').t('title')} />;
