import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchChunkErrors } from '#lib/chunk-load';
import { installUpdate, useUpdateAvailable } from '#features/offline/data/use-app-update.ts';
import { Button } from '#ui/button';
import './offline.css';

/**
 * "A new version is available" (docs/product/navigation.md "App updates": the new service worker waits until the user
 * agrees), and the chunk-load error of docs/product/navigation.md "When part of the app cannot load" with its reload
 * action.
 */
export const AppUpdatePrompt = () => {
  const { t } = useTranslation('common');
  const updateAvailable = useUpdateAvailable();
  const [chunkError, setChunkError] = useState(false);
  const [installing, setInstalling] = useState(false);
  useEffect(() => watchChunkErrors(() => setChunkError(true)), []);

  if (chunkError) {
    return (
      <div className="app-toast" role="alert">
        <p>{t('update.chunkLoad')}</p>
        <Button onPress={() => window.location.reload()}>{t('update.reload')}</Button>
      </div>
    );
  }
  if (!updateAvailable) return null;
  return (
    <div className="app-toast" role="status" aria-live="polite">
      <p>{t('update.available')}</p>
      <Button
        isDisabled={installing}
        onPress={() => {
          setInstalling(true);
          installUpdate();
        }}
      >
        {t('update.install')}
      </Button>
    </div>
  );
};
