import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 32 random bytes, base64url: unguessable and safe in cookies and headers without encoding. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as SHA-256 hashes: a leaked database does not hand out live sessions. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newGuid = (): string => randomUUID();
