import type { FeatureDeclaration, RouteDeclaration, ScreenRef } from './feature-declaration.ts';

/*
 * The features' declarations (`src/features/<area>/feature.ts`, docs/adding-a-feature.md), found by file name like
 * the outbox's queued changes (sync/outbox/registry.ts): no shared list names a feature. Eager, because the router's
 * first render and every link need the paths; the declarations are small (paths, and a lazy import per chunk of
 * screens), and every screen stays in its own chunk. tests/app/feature-declarations.test.ts holds them to the rules
 * (one owner per path, route key and text namespace; sections under routes that exist).
 */

/** The declarations, by file (`../features/<area>/feature.ts`), in the folders' order. */
export const featureFiles = import.meta.glob<FeatureDeclaration>('../features/*/feature.ts', {
  eager: true,
  import: 'feature',
  base: '../features',
});

const declarations = Object.values(featureFiles);

/** The route's id: its key in kebab-case (`settingsContact` → `settings-contact`). */
export const routeId = (key: string): string => key.replace(/([A-Z])/g, '-$1').toLowerCase();

export type DeclaredRoute = RouteDeclaration & {
  id: string;
  /** What other features add below the screen, in the folders' order. */
  sections: readonly ScreenRef[];
};

/** What features add below other features' screens, by route key. */
const sections: Partial<Record<string, ScreenRef[]>> = {};
for (const declaration of declarations)
  for (const [key, section] of Object.entries(declaration.sections ?? {})) (sections[key] ??= []).push(section);

/** Every feature's paths in one object, by route key (typed by lib/route-paths.ts). */
export const declaredPaths: Record<string, string> = {};

/** Every route the features declare. */
export const declaredRoutes: readonly DeclaredRoute[] = declarations.flatMap(({ routes }) =>
  Object.entries(routes).map(([key, route]) => {
    declaredPaths[key] = route.path;
    return { ...route, id: routeId(key), sections: sections[key] ?? [] };
  }),
);
