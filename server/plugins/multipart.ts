import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/*
 * multipart/form-data for the upload endpoints (contract endpoints with `upload`, read by server/lib/uploads.ts).
 * The plugin only parses when a handler asks for the parts; every other endpoint refuses a multipart body with 415
 * (server/lib/route.ts), so the API keeps answering only JSON to everything else. The limits here are the outer
 * bounds; each upload passes its own, tighter ones.
 */
export const registerMultipart = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyMultipart, {
    limits: { fieldNameSize: 100, fieldSize: 1000, fields: 20, fileSize: 10 * 1024 * 1024, files: 10, parts: 40, headerPairs: 200 },
  });
};
