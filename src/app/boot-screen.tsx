import { useTranslation } from 'react-i18next';
import { Spinner } from '#ui/spinner';
import { BrandMark } from '#ui/brand-mark';

/**
 * The app shell while the first screen is not ready: prerendered into index.html at build time (so that a phone
 * paints it before any JavaScript runs), and shown by the router while the first route's guard reads the session.
 * The same frame as the main layout's header, without navigation: the visitor may yet be sent to login.
 */
export const BootScreen = () => {
  const { t } = useTranslation('common');
  return (
    <div className="boot">
      <header className="app-header">
        <span className="brand">
          <BrandMark />
          {t('appName')}
        </span>
      </header>
      <main id="main" className="boot__main" aria-busy="true">
        <Spinner label={t('loading')} />
      </main>
    </div>
  );
};
