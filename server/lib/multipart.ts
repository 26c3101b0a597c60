import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '#contract/endpoints';
import { ApiError, invalidParameters } from './api-error.ts';

/*
 * Multipart bodies (contract/endpoints.ts `multipart`): the parts are read back into the object the contract's body
 * schema describes before anything else sees the body (the Idempotency-Key plugin hashes it, the route validates
 * it): text fields as strings, a file as `{ name, type, size, data }` (contract/support.ts `uploadedFileSchema`).
 * Nothing is written to disk here; the route decides what to keep, after checking the bytes.
 *
 * Limits, so that a request cannot make the server read more than a contract call needs: one file per request, read
 * up to one byte past the endpoint's `maxFileBytes` (a larger file is reported by the schema's size rule, never
 * kept), a few small text fields.
 */

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 16 * 1024;

export type MultipartFile = { name: string; type: string; size: number; data: Buffer };

const fieldTooLarge = (field: string): ApiError => invalidParameters([{ field, message: 'validation:tooLarge' }], 'Field too large', 413);

/** A multipart body the parser could not read: 400 naming the body and why, never a 500. */
export const malformedMultipart = (reason: string): ApiError =>
  invalidParameters([{ field: 'body', message: 'validation:multipart' }], `Malformed multipart body: ${reason}`);

// RFC 2046 §5.1.1: 1 to 70 characters of this set, the last one not a space. The parser refuses a boundary over 256
// characters with a plain Error (a 500 before this check) and needs one to exist at all.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary parameter of a multipart Content-Type (quoted or not), or null when it has none. */
export const boundaryOf = (contentType: string): string | null => {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  if (!match) return null;
  return match[1] ?? match[2] ?? null;
};

/** Throws the 400 of a multipart Content-Type whose boundary is missing or not one RFC 2046 allows. */
export const assertMultipartBoundary = (request: FastifyRequest): void => {
  const boundary = boundaryOf(request.headers['content-type'] ?? '');
  if (boundary === null || boundary === '') throw malformedMultipart('no boundary in Content-Type');
  if (!BOUNDARY.test(boundary)) throw malformedMultipart('boundary of more than 70 characters or with characters RFC 2046 does not allow');
};

/** Fastify's own client errors (413 limits and the like) keep their status; anything else the parser threw is a 400. */
const isClientError = (error: unknown): boolean =>
  error instanceof Error &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500;

/**
 * What an error met while reading the parts means to the client: the parser's own errors (a body cut short, a part
 * without headers …) are a malformed body, 400; an ApiError or a Fastify 4xx stays as it is; an error of the
 * server's own (a system call that failed while writing a file: it has `syscall`) stays a 500.
 */
export const multipartReadError = (error: unknown): unknown => {
  if (error instanceof ApiError || isClientError(error)) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  return malformedMultipart(error instanceof Error ? error.message : 'unreadable');
};

/** True for a request whose body is multipart/form-data. */
export const isMultipartRequest = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/** The parts of a multipart request as one plain object (field name → string, or the file). */
export const readMultipartBody = async (
  request: FastifyRequest,
  options: NonNullable<Endpoint['multipart']>,
): Promise<Record<string, string | MultipartFile>> => {
  assertMultipartBoundary(request);
  const body: Record<string, string | MultipartFile> = {};
  // Not thrown at the limit: the file's size is reported instead, so the answer names the field and its rule.
  const readOptions = {
    limits: { files: 1, fileSize: options.maxFileBytes + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    throwFileSizeLimit: false,
  };
  try {
    await readParts(request, readOptions, options, body);
  } catch (error) {
    throw multipartReadError(error);
  }
  return body;
};

const readParts = async (
  request: FastifyRequest,
  readOptions: Parameters<FastifyRequest['parts']>[0],
  options: NonNullable<Endpoint['multipart']>,
  body: Record<string, string | MultipartFile>,
): Promise<void> => {
  const parts = request.parts(readOptions);
  for await (const part of parts) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      // A truncated file is larger than the limit: its size says so, and the schema's size rule refuses it.
      body[part.fieldname] = {
        name: part.filename,
        type: part.mimetype,
        size: part.file.truncated ? options.maxFileBytes + 1 : data.length,
        data,
      };
    } else {
      if (part.valueTruncated || part.fieldnameTruncated) throw fieldTooLarge(part.fieldname);
      body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
};
