import { execFileSync } from 'node:child_process';
import path from 'node:path';

/*
 * The production build every bench measures: BENCH_DIST (a build of one's own, when several engineers measure at
 * once), else .tmp/dist-bench, built once per `npm run bench` from the current tree (with Vite's manifest), with the
 * compiled server (dist-server/) that serves it.
 */

const root = path.resolve(import.meta.dirname, '..');
let built: string | null = null;

export const benchBuildDir = (): string => {
  const dir = path.resolve(process.env.BENCH_DIST ?? process.env.BENCH_BUNDLE_DIR ?? path.join(root, '.tmp', 'dist-bench'));
  if (built === dir) return dir;
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--manifest'], { cwd: root, stdio: 'ignore' });
  // The benches' servers run compiled (dist-server/), as production does.
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root, stdio: 'ignore' });
  built = dir;
  return dir;
};
