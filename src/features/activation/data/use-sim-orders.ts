import { useLiveQuery } from 'dexie-react-hooks';
import { ApiError } from '#api/client';
import { useEffect } from 'react';
import { isPlainUser } from '#contract/roles';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { SimOrderRow } from '#db/schema';
import { compareCodeUnits } from '#lib/compare';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull, type PullState } from '#lib/use-pull';
import { pullPublicSimOrder, pullSimOrders } from './sim-orders-pull.ts';
import { isUnderWay } from './timeline.ts';

/*
 * The follow-up of SIM orders, read from Dexie only. Offline: the stored follow-up stays on screen with its age
 * (FreshnessNote) and the refresh error says why it was not refreshed.
 */

/** The order this device follows without login (the last one opened with its code). */
export const publicOrderKey = 'activation:publicOrder';

export type HolderOrders = { customerId: number; orders: SimOrderRow[]; fetchedAt: number | undefined };

/** The holder's SIM orders, newest first (a plain user follows none: docs/product/roles.md "Plain user"). */
export const useSimOrders = (): { result: LiveResult<HolderOrders | null> } & PullState => {
  const result = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null || isPlainUser(session)) return { data: null };
      const [orders, meta] = await Promise.all([
        db.simOrders.where('customerId').equals(session.customerId).toArray(),
        db.meta.get(resourceKeys.simOrders(session.customerId)),
      ]);
      orders.sort((a, b) => compareCodeUnits(b.createdAt, a.createdAt));
      return { data: { customerId: session.customerId, orders, fetchedAt: meta?.fetchedAt } };
    }, []),
  );
  const customerId = result.status === 'ready' ? (result.data?.customerId ?? null) : null;
  return { result, ...usePull(customerId === null ? null : [customerId], pullSimOrders) };
};

export type FollowedOrder = { order: SimOrderRow | undefined; fetchedAt: number | undefined; access: 'account' | 'public' };

/** One order of the holder, by its uuid (/orders/{uuid}). */
export const useHolderOrder = (uuid: string): { result: LiveResult<(FollowedOrder & { customerId: number }) | null> } & PullState => {
  const result = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const [order, meta] = await Promise.all([db.simOrders.get(uuid), db.meta.get(resourceKeys.simOrders(session.customerId))]);
      const own = order && order.customerId === session.customerId ? order : undefined;
      return { data: { order: own, fetchedAt: meta?.fetchedAt, access: 'account' as const, customerId: session.customerId } };
    }, [uuid]),
  );
  const customerId = result.status === 'ready' && result.data ? result.data.customerId : null;
  return { result, ...usePull(customerId === null ? null : [customerId], pullSimOrders) };
};

/** The order this device follows without login, if any. */
export const usePublicOrder = (): { result: LiveResult<(FollowedOrder & { uuid: string }) | null> } & PullState => {
  const result = fromLive(
    useLiveQuery(async () => {
      const pref = await db.prefs.get(publicOrderKey);
      const uuid = typeof pref?.value === 'string' ? pref.value : null;
      if (uuid === null) return { data: null };
      const [order, meta] = await Promise.all([db.simOrders.get(uuid), db.meta.get(resourceKeys.publicSimOrder(uuid))]);
      return { data: { uuid, order, fetchedAt: meta?.fetchedAt, access: 'public' as const } };
    }, []),
  );
  const uuid = result.status === 'ready' ? (result.data?.uuid ?? null) : null;
  return { result, ...usePull(uuid === null ? null : [uuid], pullPublicSimOrder) };
};

export type ActivationEntry =
  | { kind: 'loading' }
  /** Nobody is logged in, or no line was named: the activation with the order number and code. */
  | { kind: 'public' }
  | { kind: 'found'; uuid: string }
  | { kind: 'notFound' };

/**
 * /orders/activate?contractId=N for a logged-in holder (the home modal and the line's card lead there): the
 * follow-up of that line's SIM order, where the activation continues.
 */
export const useActivationEntry = (contractId: number | null): ActivationEntry => {
  const data = useLiveQuery(async () => {
    const session = await db.session.get('current');
    if (contractId === null || !session || session.customerId === null || isPlainUser(session)) return { customerId: null, uuid: null };
    const order = await db.simOrders.where('contractId').equals(contractId).first();
    return { customerId: session.customerId, uuid: order && order.customerId === session.customerId ? order.uuid : null };
  }, [contractId]);
  const customerId = data?.customerId ?? null;
  const { settled } = usePull(customerId === null ? null : [customerId], pullSimOrders);
  if (data === undefined) return { kind: 'loading' };
  if (data.customerId === null) return { kind: 'public' };
  if (data.uuid !== null) return { kind: 'found', uuid: data.uuid };
  return settled ? { kind: 'notFound' } : { kind: 'loading' };
};

/** How often an order under way is fetched again while its screen is open. */
export const followUpRefreshMs = 20_000;

/**
 * Refreshes an order under way (documents being checked, provisioning running) every 20 seconds while the screen
 * is open, visible and online: the next step shows up without the customer doing anything.
 */
export const useRefreshWhileUnderWay = (order: SimOrderRow | undefined, refresh: () => Promise<void>): void => {
  const active = order !== undefined && isUnderWay(order);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void refresh();
    }, followUpRefreshMs);
    return () => window.clearInterval(timer);
  }, [active, refresh]);
};

/** The follow-up could not be refreshed because this device's activation session ended: the code must be given again. */
export const needsCodeAgain = (error: unknown): boolean => error instanceof ApiError && error.code === 'activationSessionExpired';
