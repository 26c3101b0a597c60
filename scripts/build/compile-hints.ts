/*
 * V8's explicit compile hint (Chromium 136 and later): a file that starts with this comment has all its functions
 * compiled while the browser streams it, on a background thread, instead of each on the main thread at its first
 * call. Other engines read it as a comment.
 *
 * Without it, an offline start compiled about a thousand functions lazily on the main thread before the app took
 * over home's snapshot (React DOM's and React Router's, i18next's, the entry's, home's), one by one as they first ran,
 * with no code cache to spare it (docs/architecture.md "Start-up"): at 4× CPU, V8's trace counted 959 lazy
 * compilations (`V8.CompileCode`) and 143 ms of `V8.ParseFunction` before the take-over. With every chunk hinted,
 * 64 and 43 ms were left, and React's render and commit took 160 ms instead of 230 (issue 41 point 3).
 *
 * Only the chunks whose code a start mostly runs carry it: a file compiled whole costs the background thread the
 * functions nobody calls, and the module cannot run until that is done. Three of them are the login page's too (React,
 * i18next, the entry): its 130 KB budget (e2e/budgets.ts) counts their comments (about 50 bytes of gzip), paid for by
 * Vite's preload helper, which this build leaves out of the entry (scripts/build/lean-preload.ts). Measured in
 * alternated offline starts at 4× CPU, i18next's and the entry's hints took the take-over 70 ms sooner.
 */
export const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * The chunks, by name, compiled whole: React with React Router, i18next, the app's entry, the main layout and home with
 * what they import, and what they share with other screens (vite.config.ts's groups).
 */
export const hintedChunks: readonly string[] = ['react', 'i18n', 'index', 'home-start', 'start-shared', 'live-data'];

/** The comment a chunk starts with (rolldown's `output.postBanner`: after minification, which drops comments). */
export const compileHintFor = (chunk: { name: string }): string => (hintedChunks.includes(chunk.name) ? compileHint : '');

/**
 * The chunks home.html (the service worker's page of a signed-in start, served from its precache) asks for in its
 * <head> rather than after its first paint (scripts/build/prerender.ts): the app's entry and the two largest of its
 * imports then stream in and compile while the page paints, and the entry runs as soon as the paint is done. The rest
 * still start after the paint (src/paint-first.ts): all twenty-five of an earlier build in the <head> delayed the first
 * paint by some 130 ms of main-thread work, and home's chunk with these three by some 70 ms. With the entry, in
 * alternated offline starts at 4× CPU: take-over 771 → 681 and 987 → 914 ms, first paint unchanged.
 */
export const streamedWithPaint: readonly string[] = ['react', 'i18n', 'index'];
