import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { appPlugin } from '../lib/route-plugin.ts';

// Answers smaller than this travel raw: compressing them saves less than the headers it adds.
const COMPRESS_THRESHOLD = 1024;

/**
 * Dynamic answers (API JSON, CSV exports) compressed on the fly, Brotli or gzip as the client accepts. Registered
 * before the routes: the plugin sets itself up on each route as it is added. Static files are compressed at build
 * time (scripts/build/compress-assets.ts) and already carry their Content-Encoding, which the plugin leaves alone;
 * it never touches Cache-Control (the API keeps `no-store`). Request bodies are not decompressed: the API reads
 * plain JSON only.
 */
const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
};

export default appPlugin('compression', ['origin-check'], registerCompression);
