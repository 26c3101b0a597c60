import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { Endpoint } from '#contract/endpoints';
import type { Db } from '../db/database.ts';
import { ApiError } from './api-error.ts';
import { assertMultipartBoundary, multipartReadError } from './multipart.ts';

/*
 * Files uploaded to an endpoint with `upload` (contract/endpoints.ts), read as they stream in: each file goes
 * straight to disk under the given folder (never held in memory), at most `maxBytes` each and `maxCount` in all,
 * and its type is what its content shows (magic bytes, the `file-type` package), never the name or the type the
 * client declared. Files are written under a random name and never served back. On any refusal, everything
 * written for the request is removed before the error is thrown.
 */

export type UploadSpec = NonNullable<Endpoint['upload']>['file'];

export type ReceivedFile = {
  /** Absolute path of the stored file. */
  absolutePath: string;
  /** Its path relative to the data folder given to `receiveUpload`. */
  path: string;
  /** As the content shows it. */
  mediaType: string;
  size: number;
  /** What the client said (kept for logs only: never trusted). */
  declaredType: string;
};

export type ReceivedUpload = { fields: Record<string, string>; files: ReceivedFile[] };

const uploadError = (status: number, message: string): ApiError =>
  new ApiError(status, 'uploadError', 'Upload refused', { fields: [{ field: 'files', message }] });

const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

const isMultipartLimit = (error: unknown, code: string): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/**
 * Reads the request's parts: text fields (a field given twice keeps its last value) and the files of `spec.field`,
 * each stored in `folder` (created if needed) below `dataDir`. Throws 415 for a body that is not multipart, 413
 * for a file over `maxBytes` and 400 for too many files, a file of another field, or content of a type not accepted.
 */
export const receiveUpload = async (
  request: FastifyRequest,
  spec: UploadSpec,
  dataDir: string,
  folder: string,
): Promise<ReceivedUpload> => {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'invalidParameters', 'Unsupported content type', {
      fields: [{ field: 'body', message: 'validation:contentType' }],
    });
  }
  assertMultipartBoundary(request);
  const targetDir = join(dataDir, folder);
  await mkdir(targetDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const written: string[] = [];
  const accepted: ReadonlySet<string> = new Set(spec.types);
  try {
    const parts = request.parts({
      limits: { fileSize: spec.maxBytes, files: spec.maxCount, fields: 20, fieldSize: 1000, parts: spec.maxCount + 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !part.valueTruncated) fields[part.fieldname] = part.value;
        else
          throw new ApiError(400, 'invalidParameters', 'Invalid parameters', {
            fields: [{ field: part.fieldname, message: 'validation:invalid' }],
          });
        continue;
      }
      if (part.fieldname !== spec.field) {
        part.file.resume();
        throw uploadError(400, 'validation:invalid');
      }
      const partial = join(targetDir, `${randomUUID()}.part`);
      written.push(partial);
      await pipeline(part.file, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw uploadError(413, 'validation:identity.fileSize');
      const size = (await stat(partial)).size;
      if (size === 0) throw uploadError(400, 'validation:identity.fileEmpty');
      const detected = await fileTypeFromFile(partial);
      if (!detected || !accepted.has(detected.mime)) throw uploadError(400, 'validation:identity.fileType');
      const finalPath = join(targetDir, `${randomUUID()}.${extensionOf[detected.mime] ?? 'bin'}`);
      await rename(partial, finalPath);
      written[written.length - 1] = finalPath;
      files.push({
        absolutePath: finalPath,
        path: relative(dataDir, finalPath),
        mediaType: detected.mime,
        size,
        declaredType: part.mimetype,
      });
    }
  } catch (error) {
    await discardFiles(written);
    if (error instanceof ApiError) throw error;
    if (isMultipartLimit(error, 'FST_REQ_FILE_TOO_LARGE')) throw uploadError(413, 'validation:identity.fileSize');
    if (isMultipartLimit(error, 'FST_FILES_LIMIT')) throw uploadError(400, 'validation:identity.filesTooMany');
    if (isMultipartLimit(error, 'FST_PARTS_LIMIT') || isMultipartLimit(error, 'FST_FIELDS_LIMIT'))
      throw uploadError(400, 'validation:invalid');
    throw multipartReadError(error);
  }
  return { fields, files };
};

/** Removes stored files (a refused upload, or the files of a request that failed afterwards). */
export const discardFiles = async (paths: readonly string[]): Promise<void> => {
  await Promise.all(paths.map((path) => rm(path, { force: true })));
};

const memoryDataDirs = new WeakMap<Db, string>();

/**
 * The data folder of a database: DATA_DIR, where its file lives (server/main.ts opens DATA_DIR/app.sqlite), so
 * uploads sit beside the database and go wherever it goes. An in-memory database (tests) gets a temporary folder
 * of its own.
 */
export const dataDirOf = (db: Db): string => {
  if (db.name !== ':memory:' && db.name !== '') return dirname(db.name);
  let dir = memoryDataDirs.get(db);
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'mobile-data-'));
    memoryDataDirs.set(db, dir);
  }
  return dir;
};
