import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export const OrdersPage = () => <TitledPage title={useTranslation('orders').t('title')} />;
export const OrderFollowPage = () => <TitledPage title={useTranslation('orders').t('follow.title')} />;
