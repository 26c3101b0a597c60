import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

// The consumption screens arrive with the consumption issue; until then they show their title and navigation.
export const ConsumptionPage = () => <TitledPage title={useTranslation('consumption').t('title')} />;
export const ConsumptionDetailsPage = () => <TitledPage title={useTranslation('consumption').t('details.title')} />;
export const OverspentPage = () => <TitledPage title={useTranslation('consumption').t('overspent.title')} />;
