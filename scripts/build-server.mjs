// Compiles the reference server for production: server/main.ts (and the health check) with the contract they
// import, bundled by esbuild into dist-server/; the migrations are in the bundle too (server/db/migrations/index.ts
// imports each module, so no folder is read at run time). Each plugin and route file is an entry point too
// (dist-server/plugins/<name>.js, dist-server/routes/<area>.js), since app.ts loads those folders with @fastify/autoload; with code splitting, what
// the entries share is written once into dist-server/chunk-*.js, so every module (and its state: caches, WeakMaps)
// exists once, as in development. The chunks sit at the top of dist-server/ on purpose: the modules that find files
// next to themselves (app.ts its routes/ folder and ../package.json) read the same relative paths wherever esbuild
// puts their code. Packages stay external: node_modules is installed next to the bundle (better-sqlite3 is native,
// pdfkit reads its font files). The output sits at the top of the project like server/, so its ../package.json and
// ../dist/ are the same files.
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist-server`;

// The autoloaded folders' own files only (plugins/ and routes/): routes/'s sub-folders (routes/auth/, …) are helpers
// the route files import.
const folderFiles = (folder) =>
  readdirSync(`${root}server/${folder}`, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => `server/${folder}/${entry.name}`);
const routeFiles = [...folderFiles('plugins'), ...folderFiles('routes')];

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['server/main.ts', 'server/healthcheck.ts', ...routeFiles],
  outbase: 'server',
  outdir,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server compiled into dist-server/');
