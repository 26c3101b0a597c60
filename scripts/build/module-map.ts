import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * dist/.vite/modules.json: the chunk that holds each module of the build, by path from the project's root. Vite's
 * manifest names a chunk by one module (the one it is the entry of) or by its own name (a group's, vite.config.ts's
 * `codeSplitting.groups`), never by the others in it: the build tests (tests/build/manifest.ts) find the rest here,
 * the texts and the screens the groups of home's start hold among them. Never served: the server and the service
 * worker leave .vite/ out.
 */
export const moduleMapFile = '.vite/modules.json';

export const moduleMap = (): Plugin => {
  let root = process.cwd();
  return {
    name: 'module-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          if (id.startsWith('\0')) continue;
          const file = path
            .relative(root, id.split('?')[0] ?? id)
            .split(path.sep)
            .join('/');
          // A package's file by its path from `node_modules/` on, wherever the folder is.
          chunks[file.includes('node_modules/') ? file.slice(file.lastIndexOf('node_modules/')) : file] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: moduleMapFile, source: `${JSON.stringify(chunks, null, 2)}\n` });
    },
  };
};
