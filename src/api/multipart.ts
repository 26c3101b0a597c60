/*
 * The body of a multipart endpoint (contract/endpoints.ts `multipart`), built when the request is sent: text fields
 * as text, and each uploaded file (`{ name, type, size, data }`, contract/support.ts `uploadedFileSchema`) as a file
 * part named after the file. A queued change keeps the object (its file a Blob in IndexedDB), never the FormData,
 * which cannot be stored; so a change written offline is the same object when it is sent hours later.
 */

type FilePart = { name: string; type: string; data: Blob };

const isFilePart = (value: unknown): value is FilePart =>
  value !== null &&
  typeof value === 'object' &&
  'data' in value &&
  value.data instanceof Blob &&
  'name' in value &&
  typeof value.name === 'string';

/** The form data of a multipart body; undefined and null fields are left out. */
export const toFormData = (body: Record<string, unknown>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (isFilePart(value)) {
      // A Blob read back from storage may have lost its type: the declared one travels with the part.
      const data = value.data.type === value.type ? value.data : new Blob([value.data], { type: value.type });
      form.append(name, data, value.name);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      form.append(name, String(value));
    } else {
      throw new TypeError(`multipart field ${name} is neither text nor a file`);
    }
  }
  return form;
};
