/*
 * Rules about who a user is, as plain predicates without zod: the route guards, the data hooks and the server's
 * access checks (server/lib/access.ts) ask the same function.
 */

/**
 * A plain user (role `user`, e.g. an employee of a professional customer) sees only the line it uses, never the
 * account holder's invoices, orders or payment details, and cannot change the holder's data (docs/product/roles.md
 * "Plain user").
 */
export const isPlainUser = (who: { readonly role: string }): boolean => who.role === 'user';

/**
 * The professional restriction (docs/product/roles.md): it applies to an owner or admin of a non-residential contact,
 * who is offered the professional catalogue. It follows the user's role as well as the contact: a plain user of a
 * company (an employee) is not restricted by it, and a residential customer never is.
 */
export const hasProfessionalRestriction = (who: { readonly role: string }, contact: { readonly residential: boolean } | null): boolean =>
  (who.role === 'owner' || who.role === 'admin') && contact !== null && !contact.residential;
