import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/usage-format';
import { Alert } from '#ui/alert';
import { FreshnessNote } from '#ui/freshness-note';
import { type UsageQueryState } from '../data/use-usage-query.ts';

/** The one progress of a download: it only grows. */
export const LoadProgress = ({ progress }: { progress: UsageQueryState['progress'] }) => {
  const { t, i18n } = useTranslation('consumption');
  return progress ? (
    <p className="muted" role="status">
      {t('records.progress', { loaded: formatCount(progress.loaded, i18n.language), total: formatCount(progress.total, i18n.language) })}
    </p>
  ) : null;
};

/** The age of the records a figure is computed from, and the failure to refresh them (nothing, when they are unknown). */
export const RecordsAge = ({ query }: { query: Pick<UsageQueryState, 'error' | 'unknown' | 'fetchedAt'> }) => {
  const { t } = useTranslation('consumption');
  if (query.unknown) return null;
  return (
    <>
      {query.error ? <Alert tone="warning">{t('records.loadError')}</Alert> : null}
      <FreshnessNote fetchedAt={query.fetchedAt} />
    </>
  );
};

/** The progress of a download, its failure and the age of what is shown. */
export const PullStatus = ({ query }: { query: Pick<UsageQueryState, 'progress' | 'error' | 'unknown' | 'fetchedAt'> }) => (
  <>
    <LoadProgress progress={query.progress} />
    <RecordsAge query={query} />
  </>
);
