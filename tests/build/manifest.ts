import fs from 'node:fs';
import path from 'node:path';
import { moduleMapFile } from '../../scripts/build/module-map.ts';

/*
 * The production build's manifest (dist/.vite/manifest.json), as the build tests read it: which chunks each module
 * brings. `npm run build` first; `npm test` builds before the unit tests.
 */

const root = path.resolve(import.meta.dirname, '../..');
// The build the browser tests serve: dist/, or STATIC_DIR as for them.
export const dist = process.env.STATIC_DIR ?? path.join(root, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const readManifest = (): Record<string, Chunk> => {
  if (!fs.existsSync(manifestFile)) throw new Error(`no build manifest at ${manifestFile}: run npm run build first`);
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
};

export const manifest = readManifest();

/**
 * The chunk of each module a group holds (vite.config.ts's `codeSplitting.groups`: home's start, its texts): Vite's
 * manifest names such a chunk by one module or by the group's name, so the others are found in the build's module
 * map (scripts/build/module-map.ts).
 */
const grouped = (() => {
  let found: Map<string, Chunk> | undefined;
  return (): Map<string, Chunk> => {
    if (found) return found;
    const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]));
    const modules = JSON.parse(fs.readFileSync(path.join(dist, moduleMapFile), 'utf8')) as Record<string, string>;
    found = new Map(
      Object.entries(modules).flatMap(([module, file]) => {
        const entry = byFile.get(file);
        return entry ? [[module, entry] as const] : [];
      }),
    );
    return found;
  };
})();

export const chunk = (key: string): Chunk => {
  const found = manifest[key] ?? grouped().get(key);
  if (!found) throw new Error(`${key} is not in the build manifest (renamed or no longer built?)`);
  return found;
};

/**
 * The manifest keys a module brings: its static imports and, with `onDemand`, the chunks it loads when needed (a
 * chart, a QR code, a dialog), recursively. An entry's on-demand imports are the whole route table: never followed.
 */
export const closure = (keys: readonly string[], onDemand = true): Set<string> => {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const found = chunk(key);
    stack.push(...(found.imports ?? []));
    if (onDemand && !found.isEntry) stack.push(...(found.dynamicImports ?? []));
  }
  return seen;
};
