import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isLanguage } from '#contract/language';
import { ConsentPrompt } from '#features/settings/components/consent-prompt.tsx';
import { usePageViews } from '#features/settings/data/page-views.ts';
import { preloadNamespaces, setLanguage } from '#i18n/i18n';
import { AppUpdatePrompt } from './app-update.tsx';
import { useGlobalFailures, type Notice } from './use-global-failures.ts';

/**
 * The root of every route: the router rules of docs/product/navigation.md "Router rules" that apply on every
 * navigation (?lang=, scroll to top), and the global error handling of docs/product/errors.md "Global error handler"
 * (401 → login, 503 → maintenance, other failures → a red notice).
 */
/** The red notices of failed calls, in the `errors` texts (loaded with the first failure, not at start). */
const Notices = ({ notices, dismiss }: { notices: readonly Notice[]; dismiss: (id: number) => void }) => {
  const { t } = useTranslation(['common', 'errors']);
  return notices.map((notice) => (
    <div key={notice.id} className="notice" role="alert">
      <p>
        {notice.status === 0
          ? // No answer (a refused connection): there is no status to show.
            t(`errors:${notice.code}` as 'errors:serverError', { defaultValue: t('errors:serverError') })
          : t('common:notice.error', {
              code: notice.status,
              message: t(`errors:${notice.code}` as 'errors:serverError', { defaultValue: t('errors:serverError') }),
            })}
      </p>
      <button type="button" aria-label={t('common:notice.dismiss')} onClick={() => dismiss(notice.id)}>
        ×
      </button>
    </div>
  ));
};

export const RootShell = () => {
  const { i18n } = useTranslation('common');
  const location = useLocation();
  // docs/product/settings.md "Cookies and consent": a page view per navigation, only with the statistics consent.
  usePageViews(i18n.resolvedLanguage ?? 'fr');
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  // Notices belong to the screen that caused them: another screen's go with the navigation, and do not come back with
  // a return to that screen (a refused call of home's, then the bills, then home again showed it again).
  const [noticesOn, setNoticesOn] = useState(location.pathname);
  if (noticesOn !== location.pathname) {
    setNoticesOn(location.pathname);
    setNotices((current) => current.filter((notice) => notice.path === location.pathname));
  }

  // docs/product/navigation.md "Router rules": ?lang= switches the language shown on this device. It is not the
  // customer's choice (a link from an e-mail or a colleague carries it), so it is never saved to the account: only
  // the language switcher saves.
  useEffect(() => {
    const lang = new URLSearchParams(location.search).get('lang');
    if (isLanguage(lang)) void setLanguage(lang);
  }, [location.search]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // One notice per message and screen: several calls failing together say it once. Shown once its texts are there
  // (a failed load of them still shows the notice, with the key's fallback).
  const showNotice = useCallback((notice: Omit<Notice, 'id'>) => {
    void preloadNamespaces(['errors'])
      .catch(() => undefined)
      .then(() =>
        setNotices((current) =>
          current.some((n) => n.code === notice.code && n.path === notice.path)
            ? current
            : [...current.slice(-2), { ...notice, id: nextId.current++ }],
        ),
      );
  }, []);
  useGlobalFailures(showNotice);

  // Notices belong to the screen that caused them: they disappear on navigation.
  const visible = notices.filter((notice) => notice.path === location.pathname);

  return (
    <>
      <Outlet />
      <AppUpdatePrompt />
      <ConsentPrompt />
      <div className="notices" aria-live="assertive">
        {visible.length > 0 ? (
          <Suspense fallback={null}>
            <Notices notices={visible} dismiss={(id) => setNotices((current) => current.filter((n) => n.id !== id))} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
};
