import { type Db, writeTransaction } from '../db/engine.ts';
import { HOUR } from './activation-orders.ts';
import { clientAddress, type RateLimitPolicy } from './rate-limit.ts';

/*
 * Activation codes (docs/product/validation.md "Verification codes": 6 digits, e-mailed to the customer), stored as
 * scrypt hashes in activation_codes, one per SIM order. The order is named by its order number, the customer number, or
 * a phone number: the line's own (new) number or the customer's contact mobile.
 */

const MINUTE = 60_000;

/**
 * Wrong codes (docs/product/activation.md "Activation messages": data mismatch, contact customer
 * service or retry in 30 minutes): per order and per identifier, the third wrong code blocks for 30 minutes, and its
 * answer says so.
 */
export const activationAttemptPolicy: RateLimitPolicy = {
  freeAttempts: 3,
  windowMs: 30 * MINUTE,
  firstLockMs: 30 * MINUTE,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyActivationRequests',
};

/** Codes tried from one address, whatever the order: stops one caller from walking through many orders. */
export const activationAddressPolicy: RateLimitPolicy = {
  freeAttempts: 30,
  windowMs: 30 * MINUTE,
  firstLockMs: 30 * MINUTE,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyActivationRequests',
};

export const activationLimitKeys = {
  order: (orderRef: string): string => `activation-order:${orderRef}`,
  identifier: (identifier: string): string => `activation-id:${identifier}`,
  address: (ip: string): string => `activation-ip:${clientAddress(ip)}`,
  resend: (identifier: string): string => `activation-resend:${identifier}`,
} as const;

/** Activation codes stay valid 30 days after they are (re)sent: a SIM can take a while to arrive. */
export const CODE_VALID_MS = 30 * 24 * 60 * MINUTE;

export type ActivationCandidate = {
  contractId: number;
  customerId: number;
  orderRef: string;
  codeHash: string;
  expiresAt: string | null;
};

const candidates = (db: Db) =>
  db
    .selectFrom('activation_codes as a')
    .innerJoin('contracts as c', 'c.id', 'a.contract_id')
    .select([
      'a.contract_id as contractId',
      'c.customer_id as customerId',
      'a.order_ref as orderRef',
      'a.code_hash as codeHash',
      'a.expires_at as expiresAt',
    ]);

/** The SIM orders an identifier names (at most a few: a customer may have ordered several SIMs). */
export const activationCandidates = (
  db: Db,
  kind: 'orderNumber' | 'customerNumber' | 'phone',
  identifier: string,
): Promise<ActivationCandidate[]> => {
  switch (kind) {
    case 'orderNumber':
      return candidates(db).where('a.order_ref', '=', identifier).execute();
    case 'customerNumber':
      return candidates(db)
        .innerJoin('customers as u', 'u.id', 'c.customer_id')
        .where('u.mobile_id', '=', identifier)
        .orderBy('a.created_at', 'desc')
        .limit(5)
        .execute();
    case 'phone':
      return candidates(db)
        .leftJoin('contacts as k', 'k.customer_id', 'c.customer_id')
        .where((eb) => eb.or([eb('c.msisdn', '=', identifier), eb('k.mobile', '=', identifier)]))
        .orderBy('a.created_at', 'desc')
        .limit(5)
        .execute();
  }
};

/** A new code replaces the order's previous one ("send me the code again"). */
export const replaceActivationCode = async (db: Db, orderRef: string, codeHash: string, expiresAt: string, now: Date): Promise<void> => {
  await db
    .updateTable('activation_codes')
    .set({ code_hash: codeHash, attempts: 0, expires_at: expiresAt, used_at: null, created_at: now.toISOString() })
    .where('order_ref', '=', orderRef)
    .execute();
};

/** The code was used to open the order (kept usable: the customer comes back to follow the order with it). */
export const markActivationCodeUsed = async (db: Db, orderRef: string, now: Date): Promise<void> => {
  await db
    .updateTable('activation_codes')
    .set((eb) => ({ used_at: eb.fn.coalesce('used_at', eb.val(now.toISOString())) }))
    .where('order_ref', '=', orderRef)
    .execute();
};

export type CodeRecipient = { email: string; firstName: string; language: 'fr' | 'nl' | 'en' };

/** Where an order's code and news go: the holder's contact address, in the holder's language. */
export const recipientOf = (db: Db, customerId: number): Promise<CodeRecipient | undefined> =>
  db
    .selectFrom('contacts')
    .select(['email', 'first_name as firstName', 'language'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();

/* Activation sessions: the cookie of the activation without login, bound to one contract. */

export const ACTIVATION_SESSION_MS = 7 * 24 * HOUR;

export const insertActivationSession = async (db: Db, tokenHash: string, contractId: number, now: Date): Promise<string> => {
  const expiresAt = new Date(now.getTime() + ACTIVATION_SESSION_MS).toISOString();
  await writeTransaction(db, async (tx) => {
    await tx.deleteFrom('activation_sessions').where('expires_at', '<=', now.toISOString()).execute();
    await tx
      .insertInto('activation_sessions')
      .values({ token_hash: tokenHash, contract_id: contractId, expires_at: expiresAt, created_at: now.toISOString() })
      .execute();
  });
  return expiresAt;
};

/** The contract an activation session opens, or undefined when the session is unknown or expired. */
export const activationSessionContract = async (db: Db, tokenHash: string, now: Date): Promise<number | undefined> =>
  (
    await db
      .selectFrom('activation_sessions')
      .select('contract_id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst()
  )?.contract_id;
