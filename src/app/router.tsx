import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { saveLanguagePreference } from '#features/auth/data/language.ts';
import { loadChunk } from '#lib/chunk-load';
import { NotFoundPage } from '#features/system/components/not-found-page.tsx';
import { RouteError } from '#features/system/components/route-error.tsx';
import { preloadNamespaces } from '#i18n/i18n';
import type { ScreenRef } from '#lib/feature-declaration';
import { declaredRoutes, type DeclaredRoute } from '#lib/features';
import type { ShellPartsHandle } from '#ui/shell-parts';
import { BootScreen } from './boot-screen.tsx';
import { requireSession, visitorOnly } from './guards.ts';
import { EmptyLayout } from './layouts/empty-layout.tsx';
import { RootShell } from './root-shell.tsx';

/*
 * The route table (docs/product/navigation.md "Routes under the main layout", "Routes under the empty layout"),
 * assembled from the routes each feature declares in its `feature.ts` (lib/features.ts): the layouts and the guards
 * are the app's, the paths, screens and texts the features'. Screens load lazily so the login route only ships what it
 * needs; guards run as loaders before a screen renders. Every lazy import goes through loadChunk: a failure or a 120 s
 * time-out raises the chunk-load error of docs/product/navigation.md "When part of the app cannot load" with its
 * reload action.
 */

/**
 * A screen and the texts it reads, loaded in parallel: the route's waterfall is one chunk deep and the screen renders
 * without suspending on its texts. The chunk's task before the first render (home reads its first frame's rows) starts
 * as soon as the chunk is in, while the texts may still be loading. Each chunk of screens is its own, so a route loads
 * its own code and no more.
 */
const loadScreen = async ({ chunk, name, before }: ScreenRef): Promise<ComponentType> => {
  const [module] = await Promise.all([
    (loadChunk(chunk.load) as Promise<Record<string, unknown>>).then(async (loaded) => {
      if (before) await (loaded[before] as () => Promise<unknown>)();
      return loaded;
    }),
    preloadNamespaces(chunk.namespaces),
  ]);
  return module[name] as ComponentType;
};

/** The route's screen with the parts other features add below it, loaded together and rendered in that order. */
const lazyScreen =
  ({ screen, sections }: DeclaredRoute): RouteObject['lazy'] =>
  async () => {
    const parts = await Promise.all([screen, ...sections].map(loadScreen));
    return { Component: parts.length === 1 ? parts[0] : () => parts.map((Part, index) => <Part key={index} />) };
  };

/** The guard the route's access asks for. */
const loaderOf = ({ access = 'session', roles }: DeclaredRoute): RouteObject['loader'] =>
  access === 'session' ? requireSession(roles) : access === 'visitor' ? visitorOnly : undefined;

const routesUnder = (layout: 'main' | 'empty'): RouteObject[] =>
  declaredRoutes
    .filter((route) => (route.layout ?? 'main') === layout)
    .map((route) => ({ path: route.path, id: route.id, loader: loaderOf(route), lazy: lazyScreen(route), handle: route.handle }));

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    // The shell while the first route's guard reads the session from IndexedDB (src/main.tsx renders once the first
    // route is ready, so this shows only if the router renders earlier).
    hydrateFallbackElement: <BootScreen />,
    children: [
      {
        // Lazy: the login route never pays for the navigation, its menus and dialogs, nor their texts (the energy
        // entry's failure is one of the shared `errors`).
        lazy: async () => {
          const [{ MainLayout, LogoutButton }] = await Promise.all([
            loadChunk(() => import('./layouts/main-layout.tsx')),
            preloadNamespaces(['nav', 'errors', 'customer']),
          ]);
          // What the screens under the layout borrow from other parts of the app (ui/shell-parts.tsx): the profile
          // page saves the language with the auth feature's queued change and offers the layout's logout.
          const handle: ShellPartsHandle = { shellParts: { saveLanguage: saveLanguagePreference, logout: <LogoutButton /> } };
          return { Component: MainLayout, handle };
        },
        errorElement: <RouteError />,
        children: [{ errorElement: <RouteError />, children: routesUnder('main') }],
      },
      {
        element: <EmptyLayout />,
        errorElement: <RouteError />,
        children: [
          ...routesUnder('empty'),
          // docs/product/navigation.md "Not found": any other path. The route error shows the same page for a 404, so
          // it is part of the start-up; only its texts load.
          {
            path: '*',
            id: 'not-found',
            lazy: async () => {
              await preloadNamespaces(['system']);
              return { Component: NotFoundPage };
            },
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
