import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * JS weight (gzip -9, as a CDN would serve it): `initial_js_gzip_kb` is what the login route loads — the entry
 * script and modulepreloads of index.html plus the login screen's lazy chunk and its static imports — and
 * `total_js_gzip_kb` is every JS file of the build (all routes, the usage worker and the service worker).
 * Builds into .tmp/dist-bench with a Vite manifest so the login chunk's imports are known exactly.
 */

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const root = path.resolve(import.meta.dirname, '..');

const gzipKb = (file: string): number => gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

export const run = (): Promise<Record<string, number>> => {
  // BENCH_BUNDLE_DIR: a build folder of one's own (several engineers may measure at once).
  const outDir = process.env.BENCH_BUNDLE_DIR ? path.resolve(process.env.BENCH_BUNDLE_DIR) : path.join(root, '.tmp', 'dist-bench');
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], { cwd: root, stdio: 'ignore' });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

  const initial = new Set<string>();
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  for (const match of html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)) initial.add(match[1]!);
  const visited = new Set<string>();
  const addWithImports = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    initial.add(chunk.file);
    for (const i of chunk.imports ?? []) addWithImports(i);
  };
  addWithImports('index.html');
  const loginKey = Object.keys(manifest).find((k) => k.endsWith('src/features/auth/components/login-page.tsx'));
  if (!loginKey) throw new Error('login chunk not found in the manifest');
  addWithImports(loginKey);

  const allJs = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join('assets', f));
  if (fs.existsSync(path.join(outDir, 'sw.js'))) allJs.push('sw.js');
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipKb(path.join(outDir, f)), 0);
  const round = (n: number) => Math.round(n * 10) / 10;
  if (process.env.BENCH_VERBOSE) for (const f of initial) console.log(`    initial: ${f} ${gzipKb(path.join(outDir, f)).toFixed(1)} kB`);
  return Promise.resolve({ initial_js_gzip_kb: round(sum(initial)), total_js_gzip_kb: round(sum(new Set(allJs))) });
};
