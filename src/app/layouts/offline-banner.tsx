import { useTranslation } from 'react-i18next';
import { useOnline } from '#ui/use-online';

/** The internet-error banner of docs/product/navigation.md "Freshness and offline". */
export const OfflineBanner = () => {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {t('offline.banner')}
    </div>
  );
};
