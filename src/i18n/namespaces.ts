import type { Namespace } from './types.ts';

/*
 * Which texts a start reads, apart from i18n.ts so that the build can group their chunks (vite.config.ts, the texts'
 * groups) without loading i18next.
 */

/**
 * The namespaces every screen needs, loaded by initI18n (the prerendered login page preloads them in French): the
 * shell's, with the chunk-load error's message (it must show when nothing else loads). The rest load with the routes
 * and the screens that read them (app/router.tsx, the route error), so the login page fetches only its own texts.
 */
export const startNamespaces = ['common'] as const satisfies readonly Namespace[];

/**
 * What home's first screen reads besides them: the main layout's, the signed-in screens' shared texts, the messages of
 * wrong input and failed calls, and home's own. The build puts them in one chunk per language.
 */
export const homeNamespaces = ['nav', 'errors', 'customer', 'validation', 'home'] as const satisfies readonly Namespace[];

/**
 * Everything home's pages (the service worker's, the server's first visit) read: the start's texts and home's. A
 * function, so that the entry, which imports this module, builds no list it never reads.
 */
export const homePageNamespaces = (): Namespace[] => [...startNamespaces, ...homeNamespaces];
