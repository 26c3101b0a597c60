import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitledPage } from '#ui/titled-page';

export const NotFoundPage = () => {
  const { t } = useTranslation('system');
  return (
    <TitledPage title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <Link className="button" data-variant="primary" to="/">
        {t('notFound.home')}
      </Link>
    </TitledPage>
  );
};
