import { useLiveQuery } from 'dexie-react-hooks';
import { newOrderStateSchema, type NewOrderState, type OptimizeContext } from '#contract/orders';
import { db } from '#db/db';
import type { Selection } from './subscription-rules.ts';

/*
 * The optimize screen's draft (docs/product/subscription.md "The optimize screen": newOrder, oldOrder, historyContract,
 * orderPendingId, isPending, context), kept in Dexie per line so that nothing chosen is lost by a reload, by going
 * to the summary and back, or by losing the network. Logout wipes it with every customer table.
 * Offline: a local write, always works.
 */

const draftKey = (contractId: number): string => `optimizeDraft:${contractId}`;

export type OptimizeDraft = {
  contractId: number;
  /** The form as it started (the line's subscription, or its pending plan change). */
  start: Selection;
  /** What the customer chose. */
  draft: Selection;
  context: OptimizeContext;
  orderPendingId: string | null;
  /**
   * Sent as the Idempotency-Key of the confirmation: made with each new choice, kept while it stays the same, so a
   * confirmation pressed twice (or again after a lost answer) places one order.
   */
  idempotencyKey: string;
};

const toRequest = (selection: Selection) => ({
  product: selection.product,
  options: Object.entries(selection.options).map(([id, combinations]) => ({ id: Number(id), combinations })),
});

const toSelection = (request: { product: number; options: { id: number; combinations: number }[] }): Selection => ({
  product: request.product,
  options: Object.fromEntries(request.options.filter((o) => o.combinations > 0).map((o) => [String(o.id), o.combinations])),
});

type StoredDraft = { state: NewOrderState; idempotencyKey: string };

/** A stored draft, or null when there is none or it no longer reads as one (an older app's shape). */
export const readDraft = (contractId: number, value: unknown): OptimizeDraft | null => {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<StoredDraft>;
  const parsed = newOrderStateSchema.safeParse(stored.state);
  if (!parsed.success || !parsed.data.newOrder || !parsed.data.oldOrder || typeof stored.idempotencyKey !== 'string') return null;
  if (parsed.data.historyContract !== contractId) return null;
  return {
    contractId,
    start: toSelection(parsed.data.oldOrder),
    draft: toSelection(parsed.data.newOrder),
    context: parsed.data.context,
    orderPendingId: parsed.data.orderPendingId,
    idempotencyKey: stored.idempotencyKey,
  };
};

/**
 * The line's draft, live; undefined while it is read, null when there is none. Keyed by the line: right after the
 * line changes, the live query still holds the previous line's answer, which must not pass for this one's (a
 * "no draft" taken for the new line would start a fresh draft over the stored one).
 */
export const useOptimizeDraft = (contractId: number | null): OptimizeDraft | null | undefined => {
  const answer = useLiveQuery(async () => {
    if (contractId === null) return { contractId, draft: null };
    const row = await db.prefs.get(draftKey(contractId));
    return { contractId, draft: readDraft(contractId, row?.value) };
  }, [contractId]);
  return answer && answer.contractId === contractId ? answer.draft : undefined;
};

/** Keeps the draft; a different choice gets a new idempotency key. */
export const saveDraft = async (draft: Omit<OptimizeDraft, 'idempotencyKey'>): Promise<void> => {
  await db.transaction('rw', db.prefs, async () => {
    const previous = readDraft(draft.contractId, (await db.prefs.get(draftKey(draft.contractId)))?.value);
    const sameChoice = previous !== null && JSON.stringify(toRequest(previous.draft)) === JSON.stringify(toRequest(draft.draft));
    const state: NewOrderState = {
      newOrder: toRequest(draft.draft),
      oldOrder: toRequest(draft.start),
      historyContract: draft.contractId,
      orderPendingId: draft.orderPendingId,
      isPending: draft.orderPendingId !== null,
      context: draft.context,
    };
    const value: StoredDraft = { state, idempotencyKey: sameChoice ? previous.idempotencyKey : crypto.randomUUID() };
    await db.prefs.put({ key: draftKey(draft.contractId), value });
  });
};

export const clearDraft = async (contractId: number): Promise<void> => {
  await db.prefs.delete(draftKey(contractId));
};
