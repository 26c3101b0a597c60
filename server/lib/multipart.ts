import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '#contract/endpoints';
import { type ApiError, invalidParameters } from './api-error.ts';

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

/** True for a request whose body is multipart/form-data. */
export const isMultipartRequest = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/** The parts of a multipart request as one plain object (field name → string, or the file). */
export const readMultipartBody = async (
  request: FastifyRequest,
  options: NonNullable<Endpoint['multipart']>,
): Promise<Record<string, string | MultipartFile>> => {
  const body: Record<string, string | MultipartFile> = {};
  // Not thrown at the limit: the file's size is reported instead, so the answer names the field and its rule.
  const readOptions = {
    limits: { files: 1, fileSize: options.maxFileBytes + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    throwFileSizeLimit: false,
  };
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
  return body;
};
