import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: unguessable and safe in cookies, headers and URLs without encoding. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as SHA-256 hashes: a leaked database does not hand out live sessions or links. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Constant-time comparison of a secret with a stored SHA-256 hash. */
export const matchesHash = (secret: string, storedHash: string): boolean => {
  const actual = Buffer.from(hashToken(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/**
 * A 6-digit verification code (docs/product/validation.md "Verification codes"), uniformly drawn with a CSPRNG, leading
 * zeros kept.
 */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const newGuid = (): string => randomUUID();
