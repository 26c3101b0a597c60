// Compiles the reference server for production: server/main.ts (and the health check) with the contract they
// import, bundled by esbuild into dist-server/, plus the SQL migrations beside them. Packages stay external:
// node_modules is installed next to the bundle (better-sqlite3 is native, pdfkit reads its font files). The
// output sits at the top of the project like server/, so its ../package.json and ../dist/ are the same files.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist-server`;

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['server/main.ts', 'server/healthcheck.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// database.ts finds its migrations next to itself: server/db/migrations/ in development, here once compiled.
cpSync(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true, filter: (src) => !src.endsWith('.md') });
console.log('server compiled into dist-server/');
