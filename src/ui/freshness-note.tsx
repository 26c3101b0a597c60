import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStale } from '#contract/freshness';
import { ageText } from '#lib/first-paint';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';

/**
 * "Updated N minutes ago", a stale badge past 15 minutes (docs/product/navigation.md "Freshness and offline"), and a
 * refresh action. `data-fetched-at` lets the snapshot of the screen (lib/first-paint.ts) give the note its age again
 * when it is painted later.
 */
export const FreshnessNote = ({
  fetchedAt,
  onRefresh,
  busy = false,
}: {
  fetchedAt: number | undefined;
  onRefresh?: () => void;
  busy?: boolean;
}) => {
  const { t, i18n } = useTranslation('common');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const stale = fetchedAt !== undefined && isStale(fetchedAt, now);
  return (
    <div className="freshness" data-fetched-at={fetchedAt}>
      <span className="muted" data-testid="freshness">
        {fetchedAt === undefined
          ? t('freshness.never')
          : ageText(fetchedAt, now, i18n.language, {
              justNow: t('freshness.justNow'),
              updated: t('freshness.updated', { when: '{{when}}' }),
            })}
      </span>
      {stale ? <Badge tone="warning">{t('freshness.stale')}</Badge> : null}
      {onRefresh ? (
        <Button variant="ghost" onPress={onRefresh} isDisabled={busy}>
          {t('freshness.refresh')}
        </Button>
      ) : null}
    </div>
  );
};

/** When the screen's data was fetched, and its refresh, busy while the refresh runs. */
export const RefreshNote = ({ fetchedAt, refresh }: { fetchedAt: number | undefined; refresh: () => Promise<unknown> }) => {
  const [busy, setBusy] = useState(false);
  return (
    <FreshnessNote
      fetchedAt={fetchedAt}
      busy={busy}
      onRefresh={() => {
        setBusy(true);
        void refresh().finally(() => setBusy(false));
      }}
    />
  );
};
