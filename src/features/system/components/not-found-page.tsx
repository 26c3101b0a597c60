import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/route-paths';
import { TitledPage } from '#ui/titled-page';

export const NotFoundPage = () => {
  const { t } = useTranslation('system');
  return (
    <TitledPage title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <Link className="button" data-variant="primary" to={paths.home}>
        {t('notFound.home')}
      </Link>
    </TitledPage>
  );
};
