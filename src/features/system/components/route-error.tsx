import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { NotFoundPage } from './not-found-page.tsx';

const ErrorPage = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('system');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <TitledPage title={t('error.title')}>
      <p>{t('error.text')}</p>
      <Button onPress={() => window.location.reload()}>{t('error.reload')}</Button>
    </TitledPage>
  );
};

/**
 * Error boundary of the routes: a 404 thrown by a guard shows not-found; anything else offers a reload. Its texts
 * (`system`) load when it shows, not with every start (offline, the service worker has them precached).
 */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<Spinner label={t('loading')} />}>
      <ErrorPage error={error} />
    </Suspense>
  );
};
