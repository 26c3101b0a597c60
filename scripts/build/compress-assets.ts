import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Brotli and gzip copies of every text file of the build (`x.js` → `x.js.br`, `x.js.gz`), written once at build
 * time at the highest levels, so that the server (@fastify/static `preCompressed`) sends the best one the browser
 * accepts without compressing anything per request. Runs after every other step of the build (the service worker
 * and the prerendered pages included). Source maps are left out: browsers fetch them only for developer tools.
 * Files of a few bytes get copies too, so that no JS, CSS or HTML ever travels raw (the copy may be a few bytes
 * larger than the file; it does not matter).
 */

const textFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
};

/** Writes `<file>.br` and `<file>.gz` beside every text file under `dir`; returns how many files it compressed. */
export const compressFolder = async (dir: string): Promise<number> => {
  const files = (await filesUnder(dir)).filter((file) => textFile.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
};

/** The Vite plugin: compresses the output folder once the build (and the service worker's) is written. */
export const compressAssets = (): Plugin => {
  let outDir = '';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const count = await compressFolder(outDir);
        this.info(`${count} text files compressed (.br, .gz)`);
      },
    },
  };
};
