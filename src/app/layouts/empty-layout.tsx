import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '#ui/spinner';
import { LanguageSwitcher } from './language-switcher.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { BrandMark } from '#ui/brand-mark';

/** The empty layout: login, recovery, maintenance and SIM activation, without the navigation. */
export const EmptyLayout = () => {
  const { t } = useTranslation('common');
  return (
    <div className="empty-layout">
      <OfflineBanner />
      <header className="empty-layout__header">
        <span className="brand" aria-hidden="true">
          <BrandMark />
          {t('appName')}
        </span>
        <LanguageSwitcher />
      </header>
      <main id="main" className="empty-layout__main">
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
};
