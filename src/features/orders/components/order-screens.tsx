import { useTranslation } from 'react-i18next';
import { TitledPage } from '#ui/titled-page';

export { OrdersPage } from './orders-page.tsx';
export const OrderFollowPage = () => <TitledPage title={useTranslation('orders').t('follow.title')} />;
