import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '#lib/route-paths';
import { Button } from '#ui/button';
import { TitledPage } from '#ui/titled-page';
import { isServiceAvailable } from '../data/status.ts';

export const MaintenancePage = () => {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    const available = await isServiceAvailable();
    setChecking(false);
    if (available) await navigate(paths.home, { replace: true });
  };
  return (
    <TitledPage title={t('maintenance.title')}>
      <p>{t('maintenance.text')}</p>
      <Button onPress={() => void retry()} isDisabled={checking}>
        {t('maintenance.retry')}
      </Button>
    </TitledPage>
  );
};
