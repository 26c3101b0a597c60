import { isMobileDevice, layoutFor } from '#ui/layout-mode';

/*
 * The layout mode of home's page before its first paint (scripts/build/prerender.ts puts this script, built on its
 * own as a classic script, at the top of home.html's <head>; the service worker serves that page from its precache).
 * Home's last-seen screen (lib/first-paint.ts) is the app's markup, the same for phones and desktops: the CSS draws
 * it in the mode on <html data-layout>. The mode is the device's and the window's of this start, by the app's own
 * rule (ui/layout-mode.tsx), in place of the snapshot's own (the service worker writes it, a fallback for a page whose
 * scripts do not run): a snapshot kept at another width (a window made narrower, a tablet turned) is then painted as
 * the app will draw it, and nothing moves when the app takes over. The CSS alone cannot say it: the rule also asks
 * whether the device is a mobile one.
 */
document.documentElement.dataset.layout = layoutFor(window.innerWidth, isMobileDevice(navigator));

/*
 * Right after the first paint (a frame callback runs before the paint; a task queued from it, after), as
 * src/paint-first.ts starts the app's chunks: the Intl warm-up worker (workers/intl-warm.worker.ts, named after the
 * page's language) that scripts/build/prerender.ts names on this script. The runtime's locale and time-zone data then
 * load on another core while the chunks load, instead of in the first frame's formatters on the main thread. A
 * browser that cannot start it (no workers, a CSP) runs as before.
 */
const intlWarm = document.currentScript?.dataset.intlWarm;
if (intlWarm !== undefined && typeof Worker === 'function') {
  requestAnimationFrame(() =>
    setTimeout(() => {
      try {
        new Worker(intlWarm, { name: document.documentElement.lang });
      } catch (error) {
        console.warn('Intl warm-up not started', error);
      }
    }, 0),
  );
}
