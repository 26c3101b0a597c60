import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { build as viteBuild, createServer, type Plugin, type Rollup } from 'vite';
import { streamedWithPaint } from './compile-hints.ts';
import { defaultLanguage, languages, pageFileIn } from '../../contract/language.ts';
import type { PrerenderedPage, PrerenderedPages } from '../../src/app/prerender.tsx';

/*
 * Paint before JavaScript: once the app is built, its login screen and its shell are rendered to HTML with
 * react-dom/server (src/app/prerender.tsx, loaded through Vite's SSR loader) and written into the built pages:
 * - dist/index.html: the shell (every route but /login), in <div id="root">;
 * - dist/home.html: the same shell for a logged-in customer's home, with home's chunks and texts started right after
 *   the first paint (only the service worker answers with it, with the customer's last-seen screen in it:
 *   sw/first-paint.ts);
 * - dist/login.html: the login screen, complete as HTML and CSS; its scripts (the entry, the login route's chunks
 *   and its texts) start all at once right after the first paint (src/paint-first.ts), so a slow connection
 *   spends its first bytes on what paints the page and the app still loads in one round trip.
 * - dist/login-consent.html: the same with the cookie consent modal, for a visitor who has not answered yet.
 * - dist/login-nl.html, login-en.html, login-consent-nl.html, login-consent-en.html: the same in Dutch and English,
 *   each with <html lang> and its texts' chunks in its language.
 * The server sends the login page (or its consent variant) in the visitor's language for /login (contract/language.ts
 * `pageLanguage`) and index.html for the other routes; the service worker sends the login page (in the same
 * language) and index.html.
 * home.html also starts with src/layout-first.ts, a classic script that sets the layout mode before the first paint
 * and starts the Intl warm-up worker after it.
 * The strict CSP holds: the build fails if a page gets an inline script, an inline style or a style attribute.
 * Runs before the service worker is built, so its precache lists the final pages.
 */

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
type Assets = { js: string[]; css: string[]; fonts: string[] };

const rootMarker = '<div id="root"></div>';

const chunksOf = (bundle: Rollup.OutputBundle): Chunk[] =>
  Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');

/**
 * The chunk built for `source`: the chunk it is the entry of (a lazy route, a locale file), else the chunk that holds
 * it (a module both imported and loaded lazily is a shared chunk without a facade).
 */
const chunkOf = (bundle: Rollup.OutputBundle, root: string, source: string): Chunk => {
  const id = path.resolve(root, source);
  const chunks = chunksOf(bundle);
  const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
  if (!chunk) throw new Error(`prerender: no chunk for ${source} in the build`);
  return chunk;
};

/** Every file of the build a page needs for `sources`: their chunks, the chunks those import, and their CSS. */
const assetsFor = (bundle: Rollup.OutputBundle, root: string, sources: readonly string[]): Assets => {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const js = new Set<string>();
  const css = new Set<string>();
  const add = (chunk: Chunk) => {
    if (js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) add(next);
    }
  };
  for (const source of sources) add(chunkOf(bundle, root, source));
  // The typeface (one variable file: ui/styles.css) starts with the stylesheet, so that it is usually in before the
  // first paint: a page painted in the fallback and repainted in the typeface moved its largest text for the
  // browser, which then counted its largest paint when the app's copy of it was drawn (issue 41: home's first visit
  // had its LCP at 4.9 s on the alert modal's text, painted at 0.8 s).
  const fonts = Object.values(bundle)
    .filter((output) => output.type === 'asset' && output.fileName.endsWith('.woff2'))
    .map((output) => output.fileName);
  return { js: [...js], css: [...css], fonts };
};

/**
 * The page: the prerendered markup in #root (closed by `<!--/root-->`, where the service worker finds the end of the
 * shell to put a snapshot in its place: src/lib/first-paint.ts), and links for what it needs that the entry does
 * not load already. `texts`: the page's locale chunks per language, started with the others in the page's language.
 */
const composePage = (
  template: string,
  page: PrerenderedPage,
  assets: Assets,
  base: string,
  loader: string,
  texts: Record<string, string[]> = {},
  withPaint: readonly string[] = [],
): string => {
  if (!template.includes(rootMarker)) throw new Error(`prerender: ${rootMarker} not found in the built index.html`);
  const linked = (file: string) => template.includes(`"${base}${file}"`);
  const links = [
    ...assets.css.filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...assets.fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${base}${file}">`),
    ...assets.js.filter((file) => !linked(file)).map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
  const html = template
    .replace(/<html lang="[a-z]+">/, () => `<html lang="${page.language ?? defaultLanguage}">`)
    .replace(rootMarker, `<div id="root">${page.html}<!--/root--></div>`)
    .replace(/\s*<\/head>/, `\n${links.map((link) => `    ${link}\n`).join('')}  </head>`);
  return page.paintFirst ? startAfterPaint(html, base, loader, texts, withPaint) : html;
};

const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A page complete without JavaScript spends the first bytes of a slow connection on its HTML and CSS: its entry
 * script and module preloads move into data attributes of the paint-first loader (src/paint-first.ts), which
 * starts them all at once right after the first paint. `withPaint`: the files among them that keep their
 * <link rel="modulepreload"> in the page, after its stylesheet, so that they stream in and compile on a background
 * thread while the page paints (home.html's: scripts/build/compile-hints.ts).
 */
const startAfterPaint = (
  html: string,
  base: string,
  loader: string,
  texts: Record<string, string[]>,
  withPaint: readonly string[],
): string => {
  const entry = entryScript.exec(html)?.[1];
  if (!entry) throw new Error('prerender: no entry <script type="module"> in the page');
  const preload = [...html.matchAll(modulePreload)].map((match) => match[1]!);
  // The entry among them: its <link> starts it with the paint, and the loader's <script> for it then finds it loaded.
  const early = [...preload.filter((file) => withPaint.includes(file)), ...(withPaint.includes(entry) ? [entry] : [])];
  if (early.length !== withPaint.length) throw new Error(`prerender: ${withPaint.join(', ')} not all among the page's preloads`);
  const byLanguage = Object.entries(texts).map(
    ([language, files]) => ` data-preload-${language}="${files.map((file) => base + file).join(' ')}"`,
  );
  const after = preload.filter((file) => !early.includes(file));
  const tag = `<script type="module" crossorigin src="${base}${loader}" data-entry="${entry}" data-preload="${after.join(' ')}"${byLanguage.join('')}></script>`;
  const links = early.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  return html
    .replace(modulePreload, '')
    .replace(entryScript, '')
    .replace(/\s*<\/head>/, `\n${[...links, tag].map((line) => `    ${line}\n`).join('')}  </head>`);
};

/** The CSP allows scripts and styles from files only: prerendered markup may hold neither inline. */
const checkCsp = (name: string, page: string): void => {
  const html = page.replace(/<!--[\s\S]*?-->/g, '');
  const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>/i.exec(html);
  const inlineStyle = /<style[\s>]/i.exec(html) ?? /\sstyle\s*=/i.exec(html);
  const found = inlineScript?.[0] ?? inlineStyle?.[0];
  if (found) throw new Error(`prerender: ${name} has ${found}, which the Content-Security-Policy blocks`);
};

/**
 * src/layout-first.ts as a classic, render-blocking script of its own (bundled with the app's layout rule, no
 * imports: a module script would run after the first paint), written next to the chunks with a hashed name so that
 * the service worker precaches it with the pages. Only home.html loads it: it comes from the precache, so it
 * costs no round trip, where on the server's pages (the login page of a first visit) it would. The same for
 * workers/intl-warm.worker.ts, the worker home's page starts (a classic worker: one file, no module graph to fetch).
 */
const writeClassicScript = async (root: string, outDir: string, assetsDir: string, entry: string): Promise<string> => {
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`prerender: ${entry} built to nothing`);
  const name = path.basename(entry).replace(/(\.worker)?\.ts$/, '');
  const fileName = `${assetsDir}/${name}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  await fs.writeFile(path.join(outDir, fileName), code);
  return fileName;
};

/**
 * The layout script right after the title: after the viewport's <meta> (before it, a phone's window is still the
 * 980 px default and the rule would answer desktop) and before the stylesheet, which a classic script would wait for.
 * `intlWarm`: the Intl warm-up worker the script starts after the first paint (home.html's; the server's page of a
 * first visit has none: there the worker's file would be one more download on the connection the page's own files
 * need).
 */
const withLayoutScript = (html: string, src: string, intlWarm?: string): string => {
  if (!/<\/title>\s*<link rel="stylesheet"/.test(html)) throw new Error('prerender: home.html has no stylesheet right after its <title>');
  const warm = intlWarm === undefined ? '' : ` data-intl-warm="${intlWarm}"`;
  return html.replace(/<\/title>/, () => `</title>\n    <script src="${src}"${warm}></script>`);
};

const renderPages = async (root: string): Promise<PrerenderedPages> => {
  // A throw-away SSR loader with the app's resolution (package.json imports) in production mode, so that
  // import.meta.env is the build's.
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as { prerenderPages: () => Promise<PrerenderedPages> };
    return await module.prerenderPages();
  } finally {
    await server.close();
  }
};

/** Where the server finds the render of home's first visit, under the build's folder (never served: static-app.ts). */
const firstVisitModule = 'ssr/first-visit.js';
const firstAnswersMarker = '<!--/first-answers-->';

/**
 * src/app/first-visit.tsx built for Node, everything bundled in (the server imports nothing from src/: it loads this
 * file from the build it serves, server/plugins/static-app.ts).
 */
const buildFirstVisit = async (root: string, outDir: string): Promise<void> => {
  await viteBuild({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [
      react(),
      // The usage worker never starts on the server (vite.config.ts builds it for the app).
      {
        name: 'no-usage-worker',
        resolveId: (id) => (id === 'virtual:usage-worker-url' ? '\0virtual:usage-worker-url' : null),
        load: (id) => (id === '\0virtual:usage-worker-url' ? 'export const usageWorkerUrl = "";' : null),
      },
    ],
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/first-visit.tsx',
      outDir: path.join(outDir, path.dirname(firstVisitModule)),
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: path.basename(firstVisitModule) } },
    },
  });
};

export const prerender = (): Plugin => {
  let root = '';
  let outDir = '';
  let base = '/';
  let assetsDir = 'assets';
  let bundle: Rollup.OutputBundle | null = null;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
      assetsDir = config.build.assetsDir;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    closeBundle: {
      // Before vite-plugin-pwa builds the service worker (its precache revisions are the final pages').
      order: 'pre',
      sequential: true,
      async handler() {
        if (!bundle) return;
        const pages = await renderPages(root);
        const indexFile = path.join(outDir, 'index.html');
        const template = await fs.readFile(indexFile, 'utf8');
        const loader = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId === path.resolve(root, 'src/paint-first.ts'),
        )?.fileName;
        if (!loader) throw new Error('prerender: the paint-first loader (src/paint-first.ts) is not in the build');
        // A page's texts per language: their chunks (the language's own, nothing they import).
        const textsOf = (page: PrerenderedPage): Record<string, string[]> =>
          Object.fromEntries(
            Object.entries(page.texts ?? {}).map(([language, sources]) => [
              language,
              // Several texts share a chunk (vite.config.ts, the texts' groups): each file once.
              [...new Set(sources.map((source) => chunkOf(bundle!, root, source).fileName))],
            ]),
          );
        const layoutScript = await writeClassicScript(root, outDir, assetsDir, 'src/layout-first.ts');
        const intlWarm = await writeClassicScript(root, outDir, assetsDir, 'workers/intl-warm.worker.ts');
        const written: [string, string][] = [
          ['index.html', composePage(template, pages.shell, assetsFor(bundle, root, pages.shell.preload), base, loader)],
          [
            'home.html',
            withLayoutScript(
              composePage(
                template,
                pages.home,
                assetsFor(bundle, root, pages.home.preload),
                base,
                loader,
                textsOf(pages.home),
                chunksOf(bundle)
                  .filter((chunk) => streamedWithPaint.includes(chunk.name))
                  .map((chunk) => base + chunk.fileName),
              ),
              base + layoutScript,
              base + intlWarm,
            ),
          ],
          [
            // The server's page for home's first visit (src/app/first-visit.tsx): the answers go after #root.
            'home-first.html',
            withLayoutScript(
              composePage(
                template,
                pages.homeFirstVisit,
                assetsFor(bundle, root, pages.homeFirstVisit.preload),
                base,
                loader,
                textsOf(pages.homeFirstVisit),
              ).replace('<!--/root--></div>', () => `<!--/root--></div>${firstAnswersMarker}`),
              base + layoutScript,
            ),
          ],
          // The login page in each language: login.html (fr), login-nl.html, login-en.html, and the same with the
          // consent modal (contract/language.ts pageFileIn).
          ...languages.flatMap((language): [string, string][] => [
            [
              pageFileIn('login', language),
              composePage(template, pages.login[language], assetsFor(bundle!, root, pages.login[language].preload), base, loader),
            ],
            [
              pageFileIn('login-consent', language),
              composePage(
                template,
                pages.loginConsent[language],
                assetsFor(bundle!, root, pages.loginConsent[language].preload),
                base,
                loader,
              ),
            ],
          ]),
        ];
        for (const [name, html] of written) {
          checkCsp(name, html);
          await fs.writeFile(path.join(outDir, name), html);
        }
        this.info(`prerendered ${written.map(([name]) => name).join(', ')}`);
        await buildFirstVisit(root, outDir);
        this.info(`built ${firstVisitModule} for the server`);
      },
    },
  };
};
