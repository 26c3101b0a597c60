/*
 * Rules about who a user is, as plain predicates without zod: the route guards, the data hooks and the server's
 * access checks (server/lib/access.ts) ask the same function.
 */

/**
 * A plain user (role `user`, e.g. an employee of a professional customer) sees only the line it uses, never the
 * account holder's invoices, orders or payment details, and cannot change the holder's data (SPEC §6).
 */
export const isPlainUser = (who: { readonly role: string }): boolean => who.role === 'user';
