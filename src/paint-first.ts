/*
 * The only script tag of the pages painted before their JavaScript (the login page, home's page: scripts/build/
 * prerender.ts writes it, with the app's entry and the chunks it needs in data attributes: the CSP allows no inline
 * script). The page is complete as HTML and CSS, so on a slow connection those come first: right after the first paint, this starts every chunk at once (one round
 * trip, as the page's own <link rel="modulepreload"> would) and then the app's entry.
 */

const self = document.querySelector<HTMLScriptElement>(`script[src="${new URL(import.meta.url).pathname}"]`);

// Links added per task: each modulepreload costs the main thread a few milliseconds on a phone (a first visit of home
// starts some sixty), and one task adding them all was a long task of its own (120 ms at 4× CPU; eight a task still
// made 100 ms tasks, and three a task 70–100 ms ones when a large chunk was among them: issue 41's traces). One a
// task: the page has painted, and these only start sooner what the app's entry would find as it runs.
const linksPerTask = 1;

const preload = (hrefs: readonly string[]): void => {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
};

const start = (): void => {
  const entry = self?.dataset.entry;
  if (!entry) throw new Error('paint-first: no data-entry');
  // The texts in the language the page is painted in (home's snapshot sets it on <html>).
  const texts = self.getAttribute(`data-preload-${document.documentElement.lang}`) ?? '';
  const hrefs = `${self.dataset.preload ?? ''} ${texts}`.split(' ').filter(Boolean);
  // The entry first: the rest of its graph is requested as it is parsed, and the links below only start them
  // sooner, a few per task.
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
  const next = (from: number): void => {
    preload(hrefs.slice(from, from + linksPerTask));
    if (from + linksPerTask < hrefs.length) setTimeout(() => next(from + linksPerTask), 0);
  };
  next(0);
};

// A frame callback runs before the next paint; a task queued from it runs once that paint is done.
requestAnimationFrame(() => setTimeout(start, 0));
