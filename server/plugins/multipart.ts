import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * multipart/form-data, registered once for the two kinds of contract endpoints that take it: `upload` (identity
 * documents, streamed by their handler through server/lib/uploads.ts) and `multipart` (a queued change with a file,
 * read into its body object by server/lib/multipart.ts). The plugin only parses when asked for the parts; every
 * other endpoint refuses a multipart body with 415 (server/lib/contract-route.ts), so the API answers only JSON elsewhere. The limits here are the outer
 * bounds; each upload passes its own, tighter ones.
 */
export const registerMultipart = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyMultipart, {
    limits: { fieldNameSize: 100, fieldSize: 1000, fields: 20, fileSize: 10 * 1024 * 1024, files: 10, parts: 40, headerPairs: 200 },
  });
};

export default appPlugin('multipart', [], (app) => registerMultipart(app));
