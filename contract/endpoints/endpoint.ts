import { z } from 'zod';
import { idParamSchema } from '../common.ts';

/**
 * Every call of docs/product/api.md ("Public calls", "Authenticated calls") as data: method, path (Fastify-style
 * `:param`), which base it lives under, and the schemas of params, query, body and answer. The server registers its
 * routes from these; the app builds its requests and parses its answers with the same objects.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `public` → `/api/public`, `api` → `/api` (docs/architecture.md); the app reads both bases from configuration. */
  base: 'public' | 'api';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Queued through the mutation outbox when offline (docs/architecture.md "Writing: queued mutations"). */
  queued?: boolean;
  /** Refused offline with a clear message (orders, activation, identification uploads). */
  onlineOnly?: boolean;
  /**
   * The body travels as multipart/form-data instead of JSON: text fields as text, and each field whose value is an
   * uploaded file (contract/support.ts `uploadedFileSchema`: name, type, size and its bytes) as a file part. The app
   * builds the form data when it sends (so a queued change keeps its file as a Blob in IndexedDB); the server reads
   * the parts back into the same object before validating it. `maxFileBytes` caps what the server reads of a file.
   */
  multipart?: { maxFileBytes: number };
  /**
   * The body travels as application/x-www-form-urlencoded, as a sender outside the app posts it (the payment
   * provider's webhook); every other endpoint refuses that content type (server/plugins/form-body.ts).
   */
  form?: true;
  /** Answers a file of one of these media types instead of JSON (no `response` schema). */
  download?: readonly string[];
  /**
   * A multipart/form-data body (file uploads) instead of JSON: the schema of its text fields and the limits of its
   * files. The handler reads the parts as they stream in (server/lib/uploads.ts); no other endpoint accepts multipart.
   */
  upload?: {
    fields: z.ZodType;
    file: { field: string; types: readonly string[]; maxBytes: number; minCount: number; maxCount: number };
  };
};

/** The path parameters most calls share: the customer, or the customer and one of its contracts (lines). */
export const customerParams = z.object({ customerId: idParamSchema });
export const contractParams = z.object({ customerId: idParamSchema, contractId: idParamSchema });

/** Checks an area's table against `Endpoint` while keeping each entry's own type (its schemas, its literals). */
export const define = <const T extends Record<string, Endpoint>>(endpoints: T): T => endpoints;
