/*
 * The only script tag of the pages painted before their JavaScript (the login page, home's page: scripts/build/
 * prerender.ts writes it, with the app's entry and the chunks it needs in data attributes: the CSP allows no inline
 * script). The page is complete as HTML and CSS, so on a slow connection those come first: right after the first paint, this starts every chunk at once (one round
 * trip, as the page's own <link rel="modulepreload"> would) and then the app's entry.
 */

const self = document.querySelector<HTMLScriptElement>(`script[src="${new URL(import.meta.url).pathname}"]`);

const start = (): void => {
  const entry = self?.dataset.entry;
  if (!entry) throw new Error('paint-first: no data-entry on its script tag');
  // The texts in the language the page is painted in (home's snapshot sets it on <html>).
  const texts = self.getAttribute(`data-preload-${document.documentElement.lang}`) ?? '';
  for (const href of `${self.dataset.preload ?? ''} ${texts}`.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
};

// A frame callback runs before the next paint; a task queued from it runs once that paint is done.
requestAnimationFrame(() => setTimeout(start, 0));
