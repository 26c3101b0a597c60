import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export const SubscriptionPage = () => <TitledPage title={useTranslation('subscription').t('title')} />;
export const OptimizePage = () => <TitledPage title={useTranslation('subscription').t('optimize.title')} />;
export const OrderSummaryPage = () => <TitledPage title={useTranslation('subscription').t('summary.title')} />;
