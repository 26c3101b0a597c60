export { SupportPage } from './support-page.tsx';
export { SupportContactPage } from './contact-page.tsx';
