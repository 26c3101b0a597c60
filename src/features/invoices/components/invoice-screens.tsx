import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export const BillsPage = () => <TitledPage title={useTranslation('invoices').t('title')} />;
