import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/engine.ts';

/*
 * The one place uploaded files are kept: the stored_files table (migration 050), written in the same transaction as
 * the rows that name them (an identity document, a support ticket), so a file exists exactly when its row does and
 * every instance of the service sees it. Files are never served back. An operator with many documents would move the
 * contents to an object store behind these two functions (docs/product/operations.md).
 */

export type FileToStore = {
  /** Where the file belongs, e.g. `identity/12` or `attachments`: the start of its key. */
  folder: string;
  extension: string;
  mediaType: string;
  bytes: Uint8Array;
};

export type StoredFileRef = { key: string; size: number; sha256: string };

/** Stores a file under a key of ours (never the client's file name) and returns the key, its size and SHA-256. */
export const storeFile = async (db: Db, file: FileToStore, now: Date): Promise<StoredFileRef> => {
  const key = `${file.folder}/${randomUUID()}.${file.extension}`;
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  await db
    .insertInto('stored_files')
    .values({
      key,
      media_type: file.mediaType,
      size: file.bytes.length,
      sha256,
      content: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      created_at: now.toISOString(),
    })
    .execute();
  return { key, size: file.bytes.length, sha256 };
};
