export { OrdersPage } from './orders-page.tsx';
