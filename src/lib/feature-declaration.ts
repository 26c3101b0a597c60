import type { ComponentType } from 'react';
import type { Role } from '#contract/auth';
import type { Namespace } from '#i18n/types';

/*
 * What a feature folder declares about itself in its `feature.ts` (docs/adding-a-feature.md): its routes (path,
 * layout, guard, lazy screen, the texts loaded with it, handle), the parts it adds under another feature's screen,
 * and the JS budgets of its lazy modules. The app collects every declaration with `import.meta.glob` (lib/features.ts), so that
 * the route table, the paths, the typed texts, the browser tests' list of routes and the budgets follow the folders,
 * and no shared list names a feature.
 *
 * No runtime imports beyond these helpers: the browser tests read the declarations in Node (e2e/routes.ts), where a
 * screen's lazy import is never called.
 */

/**
 * What each feature adds to the app's types, under its folder's name: its routes (`typeof routes`, whose paths type
 * `paths`) and its text namespaces (their French files' types: keys are typed from the default language). Each
 * `feature.ts` adds its own entry with `declare module '#lib/feature-declaration'`; `paths` (lib/route-paths.ts) and
 * i18next's keys (i18n/types.ts) are typed from the sum of the entries.
 */
// Declaration merging is the one way for each feature to add itself to a type without a shared list: an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface Features {}

/** A union of object types as one object type with every member's properties. */
export type Merged<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? { [K in keyof I]: I[K] } : never;
type Entry = Features[keyof Features];
type PathsOf<R> = { readonly [K in keyof R]: R[K] extends { path: infer P } ? P : never };

/** Every feature's paths, by route key (the route's id in camelCase). */
export type DeclaredPaths = Merged<Entry extends { routes: infer R } ? PathsOf<R> : never>;

/** A route's key: its paths entry, its id in camelCase (`settingsContact` → `settings-contact`). */
export type RouteKey = Extract<keyof DeclaredPaths, string>;

/** A lazily loaded module of screens, with the texts the router loads beside it (so that no screen suspends on them). */
export type Chunk<M = unknown> = {
  readonly load: () => Promise<M>;
  readonly namespaces: readonly Namespace[];
};

type ComponentKey<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M] & string;
type TaskKey<M> = { [K in keyof M]: M[K] extends () => Promise<unknown> ? K : never }[keyof M] & string;

/** One screen of a chunk: an exported component that takes no props. */
export type ScreenRef = {
  readonly chunk: Chunk;
  readonly name: string;
  /** An exported `() => Promise` of the chunk awaited before the first render (home reads its first frame's rows). */
  readonly before?: string | undefined;
};

export type LazyScreens<M> = Chunk<M> & {
  /** The screen `name` of this chunk; `before` names a task of the chunk the route awaits before rendering it. */
  screen: (name: ComponentKey<M>, before?: TaskKey<M>) => ScreenRef;
};

/**
 * A lazy module of screens and its texts: `chunk(() => import('./components/x-screens.tsx'), ['x'])`. Every form and call
 * speaks with the shared messages of wrong input and failed calls (`validation`, `errors`): they load with the chunk,
 * unless `formTexts` is false (the login view loads them on its first wrong input).
 */
export const chunk = <M>(load: () => Promise<M>, namespaces: readonly Namespace[], formTexts = true): LazyScreens<M> => {
  const declared: LazyScreens<M> = {
    load,
    namespaces: formTexts ? [...namespaces, 'validation', 'errors'] : namespaces,
    screen: (name, before) => ({ chunk: declared, name, before }),
  };
  return declared;
};

/**
 * Who may open a route: `session` a signed-in user (the session guard, docs/product/navigation.md "Router rules"),
 * `visitor` someone not signed in (the login view: a signed-in user goes on, app/guards.ts), `anyone` without a guard.
 */
export type Access = 'session' | 'visitor' | 'anyone';

/** docs/product/navigation.md "Layouts": the main layout (navigation, footer) or the empty one. */
export type Layout = 'main' | 'empty';

/** Data a route carries for the app (React Router's `handle`), e.g. for what the layout shows around the screen. */
export type RouteHandle = Readonly<Record<string, unknown>>;

export type RouteDeclaration = {
  /** React Router's pattern; its `:param` segments are filled by `pathTo` (lib/route-paths.ts). */
  path: string;
  screen: ScreenRef;
  /** Default `main`. */
  layout?: Layout;
  /** Default `session`. */
  access?: Access;
  /** With `session`: the roles that may open it; the others get not-found (docs/product/roles.md "Route guards"). */
  roles?: readonly Role[];
  handle?: RouteHandle;
};

/** A feature's routes under their keys: `{ settingsContact: { path: '/settings/contact', screen } }`. */
export type Routes = Readonly<Record<string, RouteDeclaration>>;

export type FeatureDeclaration = {
  routes: Routes;
  /**
   * Parts this feature adds below another feature's screen, by that route's key (the password change under the
   * account page): the route loads them with its screen and renders them after it.
   */
  sections?: Partial<Record<RouteKey, ScreenRef>>;
};

/** The page a lazy module is reached from: the login page for a visitor, home for a signed-in customer. */
export type Base = 'visitor' | 'customer';

/**
 * The JS budgets of a feature's lazy modules, by file (relative to the feature's folder): KB (1,024 bytes) of gzip JS
 * each adds beyond the page it is reached from, with the French texts of its namespaces. tests/build/bundle-budgets.test.ts
 * measures them from the build's manifest; a module measured elsewhere (home, in the browser) has `{}`. Kept apart from
 * `feature` so that the app's bundle never carries them.
 */
export type FeatureBudgets = Readonly<Record<string, Partial<Record<Base, number>>>>;
