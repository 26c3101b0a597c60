import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '#contract/language';
import { snapshotMarkup } from '#lib/first-paint-markup';
import { paths } from '#lib/route-paths';
import { saveFirstPaint } from '../data/first-paint.ts';

/**
 * After each render of home with its data (`ready`: the customer, the contracts and the selected contract's usage
 * are on screen), keeps the screen as the snapshot the next start paints before the app runs (lib/first-paint.ts).
 * Written when the browser is idle, so it never delays the screen; not when home has been left meanwhile.
 */
export const useFirstPaintSnapshot = (ready: boolean, userGuid: string | null, contractId: number | null): void => {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.resolvedLanguage;
  // What this mount of home last kept, so that a render that changed nothing on screen writes nothing.
  const lastKept = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !userGuid || !isLanguage(lang)) return undefined;
    const keep = () => {
      const root = document.getElementById('root');
      if (!root || window.location.pathname !== paths.home) return;
      const html = snapshotMarkup(root);
      const layout = document.documentElement.dataset.layout === 'desktop' ? 'desktop' : 'mobile';
      const key = `${userGuid}|${lang}|${layout}|${contractId}|${html}`;
      if (key === lastKept.current) return;
      lastKept.current = key;
      void saveFirstPaint({
        userGuid,
        path: paths.home,
        ...(contractId === null ? {} : { contractId }),
        html,
        lang,
        layout,
        title: document.title,
        texts: {
          justNow: t('freshness.justNow'),
          updated: t('freshness.updated', { when: '{{when}}' }),
          stale: t('freshness.stale'),
        },
        savedAt: Date.now(),
      }).catch(() => {
        // Storage full or closed: the next start paints the shell instead, nothing else is lost.
        lastKept.current = null;
      });
    };
    const idle = window.requestIdleCallback?.(keep, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(keep, 200) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  });
};
