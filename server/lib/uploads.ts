import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '#contract/endpoints';
import { ApiError } from './api-error.ts';
import { assertMultipartBoundary, multipartReadError } from './multipart.ts';

/*
 * Files uploaded to an endpoint with `upload` (contract/endpoints.ts), read as they stream in: each file at most
 * `maxBytes` (the stream is cut there) and `maxCount` in all, and its type is what its content shows (magic bytes, the
 * `file-type` package), never the name or the type the client declared. The bytes are kept in memory (a few MB at
 * most, bounded by the limits) until the route stores them in the database with the rows that name them
 * (lib/file-store.ts): no instance's disk holds a customer's document.
 */

export type UploadSpec = NonNullable<Endpoint['upload']>['file'];

export type ReceivedFile = {
  bytes: Buffer;
  /** As the content shows it. */
  mediaType: string;
  /** The extension of that type, for the stored file's key. */
  extension: string;
  size: number;
  sha256: string;
  /** What the client said (kept for logs only: never trusted). */
  declaredType: string;
};

export type ReceivedUpload = { fields: Record<string, string>; files: ReceivedFile[] };

const uploadError = (status: number, message: string): ApiError =>
  new ApiError(status, 'uploadError', 'Upload refused', { fields: [{ field: 'files', message }] });

/** The extensions a person expects of each type; the first is the one a name gets when its own does not match. */
const extensionsOf: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'application/pdf': ['pdf'],
};
const knownExtensions = new Set(Object.values(extensionsOf).flat());

/** The longest file name kept (characters, as JavaScript counts them; never a character cut in two). */
export const MAX_FILE_NAME_LENGTH = 120;

// Control characters (NUL, C0, DEL, C1) and invisible formatting ones (bidirectional overrides that make `gnp.exe`
// read `exe.png`, zero-width characters), line and paragraph separators, and path separators.
const UNWANTED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const SEPARATORS = /[/\\]/g;

/** The leading characters of `text`, whole graphemes only, at most `max` UTF-16 units in all. */
const leading = (text: string, max: number): string => {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
};

/**
 * The name an uploaded file is kept and shown under (docs/product/support.md "Contact form"): Unicode NFC, without
 * control or invisible formatting characters (NUL included) nor path separators, at most MAX_FILE_NAME_LENGTH
 * characters, and ending with an extension of the type its content showed (a PNG named `scan.pdf` is `scan.png`). The
 * client's name is only a label: the file is stored under a key of the server's (lib/file-store.ts).
 */
export const normalizedFileName = (name: string, mediaType: string): string => {
  const clean = name.normalize('NFC').replace(UNWANTED, '').replace(SEPARATORS, '_').trim();
  const wanted = extensionsOf[mediaType] ?? ['bin'];
  const dot = clean.lastIndexOf('.');
  const own = dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
  // The name's own extension goes when it is a file type's (it is replaced); anything else after a dot is the name's.
  const stem = dot >= 0 && knownExtensions.has(own) ? clean.slice(0, dot) : clean;
  const extension = wanted.includes(own) ? own : (wanted[0] ?? 'bin');
  const short = leading(stem, MAX_FILE_NAME_LENGTH - extension.length - 1).replace(/^[\s.]+|[\s.]+$/gu, '');
  return `${short || 'attachment'}.${extension}`;
};

const isMultipartLimit = (error: unknown, code: string): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/**
 * The type a file's bytes show, when it is one of `accepted`: the bytes decide, not the file's name nor its declared
 * type (a script renamed .png is not an image). file-type is loaded by the first file, not by every start of the
 * server (docs/server.md "Start-up").
 */
export const contentTypeOf = async (bytes: Uint8Array, accepted: ReadonlySet<string>): Promise<{ mime: string; ext: string } | null> => {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  return detected && accepted.has(detected.mime) ? { mime: detected.mime, ext: detected.ext } : null;
};

/**
 * Reads the request's parts: text fields (a field given twice keeps its last value) and the files of `spec.field`.
 * Throws 415 for a body that is not multipart, 413 for a file over `maxBytes` and 400 for too many files, a file of
 * another field, or content of a type not accepted.
 */
export const receiveUpload = async (request: FastifyRequest, spec: UploadSpec): Promise<ReceivedUpload> => {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'invalidParameters', 'Unsupported content type', {
      fields: [{ field: 'body', message: 'validation:contentType' }],
    });
  }
  assertMultipartBoundary(request);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
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
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw uploadError(413, 'validation:identity.fileSize');
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) throw uploadError(400, 'validation:identity.fileEmpty');
      const detected = await contentTypeOf(bytes, accepted);
      if (!detected) throw uploadError(400, 'validation:identity.fileType');
      files.push({
        bytes,
        mediaType: detected.mime,
        extension: extensionsOf[detected.mime]?.[0] ?? 'bin',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        declaredType: part.mimetype,
      });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isMultipartLimit(error, 'FST_REQ_FILE_TOO_LARGE')) throw uploadError(413, 'validation:identity.fileSize');
    if (isMultipartLimit(error, 'FST_FILES_LIMIT')) throw uploadError(400, 'validation:identity.filesTooMany');
    if (isMultipartLimit(error, 'FST_PARTS_LIMIT') || isMultipartLimit(error, 'FST_FIELDS_LIMIT'))
      throw uploadError(400, 'validation:invalid');
    throw multipartReadError(error);
  }
  return { fields, files };
};
