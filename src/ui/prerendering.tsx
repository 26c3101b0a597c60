import { createContext, useContext } from 'react';

/**
 * True while the build renders a page to static HTML (src/app/prerender.tsx). That markup is on screen before the
 * app's JavaScript runs, so it must not offer actions that only the app can carry out.
 */
export const PrerenderingContext = createContext(false);

export const usePrerendering = (): boolean => useContext(PrerenderingContext);
