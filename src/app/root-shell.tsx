import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isLanguage } from '#contract/language';
import { ConsentPrompt } from '#features/settings/components/consent-prompt.tsx';
import { usePageViews } from '#features/settings/data/page-views.ts';
import { onApiFailure } from '#features/system/data/api-events.ts';
import { preloadNamespaces, setLanguage } from '#i18n/i18n';
import { loginPath, paths, staticPrefix, withRedirect } from '#lib/route-paths';
import { AppUpdatePrompt } from './app-update.tsx';

type Notice = { id: number; code: string; status: number; path: string };

/**
 * Screens where the global error notice stays quiet: they show their own messages (docs/product/errors.md
 * "Global error handler").
 */
const quietPaths = [paths.loginMain, paths.maintenance, paths.activateSim, staticPrefix(paths.confirmEmail)];

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
        {t('common:notice.error', {
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
  const navigate = useNavigate();
  const [notices, setNotices] = useState<Notice[]>([]);
  const pathRef = useRef('');
  const nextId = useRef(1);

  useEffect(() => {
    pathRef.current = location.pathname + location.search;
  }, [location.pathname, location.search]);

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

  useEffect(
    () =>
      onApiFailure((failure) => {
        const path = pathRef.current;
        if (failure.status === 503) {
          void navigate(paths.maintenance);
          return;
        }
        if (failure.status === 401) {
          if (path.startsWith(paths.loginMain)) return;
          // docs/product/auth.md "Session lifetime and renewal": PIN renewal on a touch device that has a refresh
          // token and the user guid, otherwise login. The session module loads here, not with the login route (which
          // ships only what a logged-out visitor needs).
          void import('#features/auth/data/session.ts')
            .then(({ afterUnauthorized }) => afterUnauthorized())
            .then((target) =>
              navigate(target === 'renew' ? withRedirect(paths.renewAccess, path) : loginPath({ expired: true, redirect: path }), {
                replace: true,
              }),
            );
          return;
        }
        if (failure.isNetwork || quietPaths.some((p) => path.startsWith(p))) return;
        const id = nextId.current++;
        const pathname = path.split('?')[0] ?? path;
        const notice = { id, code: failure.code, status: failure.status, path: pathname };
        // Shown once its texts are there (a failed load of them still shows the notice, with the key's fallback).
        void preloadNamespaces(['errors'])
          .catch(() => undefined)
          .then(() => setNotices((current) => [...current.slice(-2), notice]));
      }),
    [navigate],
  );

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
