export { TravelPage } from './travel-page.tsx';
