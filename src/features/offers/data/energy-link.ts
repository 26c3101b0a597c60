import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';

/*
 * The energy side of the app (docs/product/offers.md "The energy entry", "Energy link", "One-click energy login"):
 * the "energy" entry of the navigation, linking an energy account, and the owner's one-click login to the energy
 * portal. The portal is outside the product: its address is configuration. The entry is part of the navigation's
 * first frame: its calls (energy-calls.ts, with the API client) load when they are made.
 */

/** The energy portal's address for the plain link (VITE_ENERGY_PORTAL_URL; the reference server's stand-in by default). */
export const energyPortalUrl: string = import.meta.env.VITE_ENERGY_PORTAL_URL ?? '/energy-portal/';

export type EnergyEntry =
  /** An owner whose link is confirmed: one-click login (POST /user/relog). */
  | { kind: 'one-click' }
  /** An owner without a confirmed link: the link page, where the link is made. */
  | { kind: 'link' }
  /** Everyone else (admins, plain users): the portal's plain address. */
  | { kind: 'plain' };

/**
 * Which energy entry a user gets (docs/product/roles.md "Owner-only rights": only owners log in with one click).
 * Pure.
 */
export const energyEntryFor = (role: string | undefined, linkConfirmed: boolean): EnergyEntry =>
  role === 'owner' ? (linkConfirmed ? { kind: 'one-click' } : { kind: 'link' }) : { kind: 'plain' };

/** The navigation's energy entry, from the session and the stored customer. Local only: the same offline. */
export const useEnergyEntry = (): EnergyEntry | null =>
  useLiveQuery(async () => {
    const session = await db.session.get('current');
    if (!session) return null;
    const customer = session.customerId === null ? undefined : await db.customers.get(session.customerId);
    return energyEntryFor(session.role, customer?.energyLinkConfirmed === true);
  }, []) ?? null;
