import { z } from 'zod';
import { energyNumberPattern } from './rules.ts';

/*
 * The energy link (docs/product/offers.md "Energy link"; docs/product/roles.md "Owner-only rights"): a mobile account
 * linked to an account of the sister energy service, and the owner's one-click login to the energy portal.
 */

/**
 * POST /user/link: the energy login (ME followed by digits, docs/product/validation.md "Energy link"), its password,
 * and the accepted conditions.
 */
export const energyLinkRequestSchema = z.object({
  login: z
    .string({ error: 'validation:required' })
    .trim()
    .toUpperCase()
    .min(1, 'validation:required')
    .regex(energyNumberPattern, 'validation:energyNumber'),
  password: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(128, 'validation:password.long'),
  accept: z.literal(true, { error: 'validation:conditions' }),
});
export type EnergyLinkRequest = z.input<typeof energyLinkRequestSchema>;

/** GET /customer/{id}/link-status and the answer of POST /user/link. */
export const linkStatusSchema = z.object({ energyId: z.string().nullable(), energyLinkConfirmed: z.boolean() });
export type LinkStatus = z.infer<typeof linkStatusSchema>;

/**
 * POST /user/relog: the owner's one-click login (docs/product/offers.md "Energy link"). `link` is the energy
 * portal's one-click address (configuration); `login`, `guid` and `token` are what it opens with. The token works
 * once, for a short time. When no one-click login can be made (the accounts are not linked, or no longer), the
 * answer is an empty link, as the specification's magic-link call has it: the app then offers to link the accounts.
 */
export const relogAnswerSchema = z.object({
  link: z.string(),
  login: z.string(),
  guid: z.string(),
  token: z.string(),
  expiresAt: z.string().nullable(),
});

/** How long the one-click token works: long enough to open the portal, too short to be worth stealing. */
export const relogTokenLifetimeMs = 2 * 60 * 1000;

/**
 * docs/product/offers.md "Energy link": without an energy id the link is never confirmed (an empty id counts as
 * none).
 */
export const normalizeLinkStatus = (status: { energyId: string | null | undefined; energyLinkConfirmed: boolean }): LinkStatus => {
  const energyId = status.energyId?.trim() ? status.energyId.trim() : null;
  return { energyId, energyLinkConfirmed: energyId !== null && status.energyLinkConfirmed };
};

/**
 * docs/product/offers.md "Energy link": refreshing the link status updates the user's energy reference only when the
 * link is confirmed and an id exists; otherwise the reference the user had stays.
 */
export const energyRefAfterStatus = (
  current: string | null,
  status: { energyId: string | null | undefined; energyLinkConfirmed: boolean },
): string | null => {
  const normalized = normalizeLinkStatus(status);
  return normalized.energyLinkConfirmed && normalized.energyId !== null ? normalized.energyId : current;
};
