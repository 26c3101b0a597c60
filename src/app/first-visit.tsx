import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import type { AuthUser } from '#contract/auth';
import { endpoints } from '#contract/endpoints';
import type { Language } from '#contract/language';
import { isPlainUser } from '#contract/roles';
import { sessionFromUser } from '#features/auth/data/session-row.ts';
import { firstVisitAlerts, firstVisitContract, keepFirstVisitFrame } from '#features/home/data/first-visit-frame.ts';
import { FirstVisitAlert, HomePage } from '#features/home/components/home-page.tsx';
import { initI18n, initialLanguage, preloadNamespaces, setLanguage } from '#i18n/i18n';
import { homePageNamespaces } from '#i18n/namespaces';
import { composeFirstPaint } from '#lib/first-paint';
import { forgetFirstFrames } from '#lib/first-frame';
import { firstAnswersMarker, firstAnswersMarkup } from '#lib/first-answers';
import { operator } from '#lib/operator';
import { isMobileDevice } from '#ui/layout-mode';
import { MainLayout } from './layouts/main-layout.tsx';
import type { FirstVisitRequest } from '#contract/first-visit';

/*
 * Home's first visit on a device (docs/architecture.md "Start-up"): a phone with nothing stored, but a live session
 * in its cookies (a new install, a link from an e-mail in a new browser, cleared storage). The server answers the
 * navigation to home with this render: the customer's own home, drawn by the app's own components from the answers
 * of the API reads home starts with (the session, the customer with its contracts, the selected line's usage, the
 * invoice situation), with its due alert's modal as the app will show it,
 * and those answers in the page (`<script type="application/json">`, which the CSP allows: it is data, never run).
 * The app stores them instead of asking again (lib/first-answers.ts), so its first render draws the same screen
 * over this one, as it does over the service worker's snapshot (lib/first-paint.ts): no layout shift, one round
 * trip for the figures.
 * Built for Node by scripts/build/prerender.ts (dist/ssr/first-visit.js), loaded by server/plugins/static-app.ts.
 * The page is the customer's: the server sends it `private, no-store`, and it is never kept by the service worker.
 */

/** The languages of an Accept-Language header, in order (the browser's navigator.languages). */
const acceptedLanguages = (header: string): string[] =>
  header
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);

/** The root shell's own markup around the layout (app/root-shell.tsx: the notices' live region). */
const Shell = () => (
  <>
    <Outlet />
    <div className="notices" aria-live="assertive" />
  </>
);

let started: Promise<unknown> | null = null;
// One render at a time: the language and the first frames are the process's, as they are the page's in the app.
let queue: Promise<unknown> = Promise.resolve();

type Rendered = { root: string; alert: string };

const renderHome = async (lang: Language, url: string, keep: () => void, alert: ReactNode): Promise<Rendered> => {
  started ??= initI18n(lang);
  await started;
  await setLanguage(lang);
  await preloadNamespaces(homePageNamespaces());
  forgetFirstFrames();
  keep();
  try {
    const root = renderToString(
      <StrictMode>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route element={<Shell />}>
              <Route element={<MainLayout />}>
                <Route index element={<HomePage />} />
              </Route>
            </Route>
          </Routes>
        </MemoryRouter>
      </StrictMode>,
    );
    // The due alert's modal sits beside the root, where the app's modal (a portal into <body>) will be.
    const modal = alert === null ? '' : renderToString(<MemoryRouter initialEntries={[url]}>{alert}</MemoryRouter>);
    return { root, alert: modal };
  } finally {
    forgetFirstFrames();
  }
};

const forcedContractOf = (search: URLSearchParams): number | null => {
  const id = Number(search.get('contractId'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Home's page for this request with the customer's figures in it, or null when there is no live session or an
 * answer is missing (the server then sends the shell, as before).
 */
export const composeFirstVisit = async (request: FirstVisitRequest): Promise<string | null> => {
  const target = new URL(request.url, 'http://localhost');
  const meUrl = '/api/user/me';
  const me = endpoints.me.response.safeParse(await request.readApi(meUrl));
  if (!me.success) return null;
  const user: AuthUser = me.data.user;
  const session = sessionFromUser(user, me.data.expires_at, request.now);
  const customerId = session.customerId;
  if (customerId === null || session.expiresAt <= request.now) return null;
  const fullUrl = `/api/customer/${customerId}/full?withContracts=1&withLinkedUser=1`;
  const full = endpoints.customerFull.response.safeParse(await request.readApi(fullUrl));
  if (!full.success) return null;
  const forcedContractId = forcedContractOf(target.searchParams);
  const contractId = firstVisitContract(session, full.data, forcedContractId);
  const summaryUrl = contractId === null ? null : `/api/customer/${customerId}/contract/${contractId}/usage?period=current`;
  const summary = summaryUrl === null ? null : endpoints.usageSummary.response.safeParse(await request.readApi(summaryUrl));
  if (summary !== null && !summary.success) return null;
  // The invoice situation, for home's alerts (never a plain user's: the server refuses it).
  const situationUrl = isPlainUser(session) ? null : `/api/customer/${customerId}/invoices/situation`;
  const situation = situationUrl === null ? null : endpoints.invoiceSituation.response.safeParse(await request.readApi(situationUrl));
  if (situation !== null && !situation.success) return null;
  const lang = initialLanguage(target.search, acceptedLanguages(request.acceptLanguage));
  const due = firstVisitAlerts({
    session,
    full: full.data,
    situation: situation?.data ?? null,
    summary: summary?.data ?? null,
    forcedContractId,
    now: request.now,
  });
  const kind = due.alerts.due[0];
  const alert =
    kind === undefined ? null : (
      <FirstVisitAlert kind={kind} alerts={due.alerts} activateContractId={due.activateContractId} customerId={due.customerId} />
    );
  // The age of the figures is shown by the render (ui/freshness-note.tsx reads its own clock): "just now".
  const fetchedAt = Date.now();
  const render = queue.then(() =>
    renderHome(
      lang,
      target.pathname + target.search,
      () =>
        keepFirstVisitFrame({ session, full: full.data, summary: summary?.data ?? null, forcedContractId, fetchedAt, now: request.now }),
      alert,
    ),
  );
  queue = render.catch(() => undefined);
  const { root: html, alert: alertMarkup } = await render;
  const mobile = isMobileDevice({
    userAgent: request.userAgent,
    userAgentData: request.mobileHint === undefined ? undefined : { mobile: request.mobileHint === '?1' },
  });
  // A phone is drawn in the phone's layout whatever its width (ui/layout-mode.tsx): the page says so itself, and
  // the layout script (a round trip on a first visit) is needed only where the window's width decides.
  const template = mobile ? request.template.replace(/\s*<script src="[^"]*layout-first-[^"]*"><\/script>/, '') : request.template;
  const answers: Record<string, unknown> = { [meUrl]: me.data, [fullUrl]: full.data };
  if (summaryUrl !== null && summary?.success) answers[summaryUrl] = summary.data;
  if (situationUrl !== null && situation?.success) answers[situationUrl] = situation.data;
  const page = composeFirstPaint(
    template,
    {
      userGuid: session.userGuid,
      path: '/',
      html,
      lang,
      layout: mobile ? 'mobile' : 'desktop',
      title: operator.productName,
      // The render writes the ages itself: no marker to fill.
      texts: { justNow: '', updated: '', stale: '' },
      savedAt: fetchedAt,
    },
    request.now,
    // Over the network, a piece at a time: painted as it arrives (lib/first-paint.ts).
    'progressive',
  );
  if (page === null || !page.includes(firstAnswersMarker)) return null;
  return page.replace(firstAnswersMarker, () => alertMarkup + firstAnswersMarkup(answers));
};
