import { attachmentSchema, attachmentTypes } from '#contract/validators';

/*
 * The contact form's attachment rule (docs/product/validation.md "Contact form": one PDF, PNG, JPG or JPEG of at most
 * 2 MB), checked when the file is chosen with the contract's schema, the one the server applies before it checks the
 * bytes themselves.
 */

export type AttachmentType = (typeof attachmentTypes)[number];

const typeByExtension: Record<string, AttachmentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The media type to send: the browser's, or, when it gives none (some systems do not know .jpeg), the extension's. */
export const attachmentTypeOf = (file: { name: string; type: string }): string =>
  file.type || typeByExtension[file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()] || '';

/** One of the accepted media types (docs/product/validation.md "Contact form"). */
export const isAttachmentType = (type: string): type is AttachmentType => (attachmentTypes as readonly string[]).includes(type);

/** The translation key of what is wrong with a chosen file, or null when it may be sent. */
export const attachmentError = (file: { name: string; type: string; size: number }): string | null => {
  const parsed = attachmentSchema.safeParse({ name: file.name, type: attachmentTypeOf(file), size: file.size });
  if (parsed.success) return null;
  // The size is what the customer can fix most easily: said first when the type is fine.
  const messages = parsed.error.issues.map((issue) => issue.message);
  return messages.find((m) => m === 'validation:attachment.type') ?? messages[0] ?? 'validation:attachment.type';
};

/** Characters left of the message's 500 (docs/product/validation.md "Contact form"); negative past the limit. */
export const charactersLeft = (message: string, max: number): number => max - message.trim().length;
