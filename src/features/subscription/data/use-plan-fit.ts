import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { pullUsageCycles } from '#data/usage-cycles-pull';
import { usageWorker } from '#data/usage-worker-client';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractOptionRow, ContractRow, ProductOptionRow, ProductRow } from '#db/schema';
import { usePull } from '#lib/use-pull';
import { MIN_CYCLES, type CycleUsage, type PlanCatalogue, type PlanFit, type PlanOption, type PlanProduct } from '#workers/plan-fit';
import { countOf, judgedCycles } from './subscription-rules.ts';

export type { PlanFit };

export type PlanFitState =
  | { status: 'unavailable' }
  /** A blocked line, or one whose status allows no change: no advice (adviceWithheld). */
  | { status: 'withheld' }
  | { status: 'tooShort'; cycles: number; needed: number }
  | { status: 'loading' }
  | { status: 'notOnDevice' }
  | {
      status: 'ready';
      fit: Extract<PlanFit, { status: 'ready' }>;
      from: number;
      to: number;
      /** When the cycles' totals were fetched (their age is shown), and their explicit refresh. */
      fetchedAt: number | undefined;
      refresh: () => Promise<void>;
    };

const toPlanOption = (
  o: Pick<ProductOptionRow, 'optionId' | 'name' | 'priceCents' | 'dataMb' | 'voiceMinutes' | 'smsCount' | 'zone' | 'maxCombinations'>,
): PlanOption => ({
  id: o.optionId,
  name: o.name,
  priceCents: o.priceCents,
  dataMb: o.dataMb,
  voiceMinutes: o.voiceMinutes,
  smsCount: o.smsCount,
  zone: o.zone,
  maxCombinations: o.maxCombinations,
});

const toPlanProduct = (p: ProductRow, options: readonly PlanOption[]): PlanProduct => ({
  id: p.id,
  name: p.name,
  priceCents: p.priceCents,
  dataMb: p.dataMb,
  voiceMinutes: p.voiceMinutes,
  smsCount: p.smsCount,
  oobRates: p.oobRates,
  options: [...options],
});

/** The line judged: known as soon as the customer's contracts are, so its totals are pulled without waiting for the rest. */
type Line = {
  customerId: number;
  contract: ContractRow;
  /** No advice at all (adviceWithheld): nothing is fetched nor compared. */
  withheld: boolean;
};

/** The plans to compare: the line's plan and options, the podium and the podium's options. */
type Inputs = {
  product: ProductRow;
  options: readonly ContractOptionRow[];
  podium: readonly ProductRow[];
  choices: readonly ProductOptionRow[];
};

/**
 * "Which plan fits me" for the selected line: the totals of its last completed cycles are pulled into Dexie (the
 * server sums them with the rating model, GET …/usage/cycles; 15-minute rule), then the usage worker compares the
 * podium's plans over them (workers/plan-fit.ts). No record is downloaded for it (issue 41 point 7).
 * Offline: computed from the totals stored, with their age; without any the state says so.
 */
export const usePlanFit = (line: Line | null, inputs: Inputs | null): PlanFitState => {
  const contract = line?.contract;
  const withheld = line?.withheld ?? false;
  const customerId = line?.customerId ?? null;
  const contractId = contract?.id ?? null;
  // The worker starts while the totals and the catalogue are fetched, not after (its start is a second at 4× CPU).
  const wanted = contractId !== null && !withheld;
  useEffect(() => {
    if (wanted) usageWorker();
  }, [wanted]);
  const { refresh, refreshError } = usePull(!withheld && customerId !== null && contractId !== null ? [customerId, contractId] : null, pullUsageCycles);
  // Keyed: right after the line changes, the live query still holds the previous line's answer.
  const lineKey = `${customerId}|${contractId}`;
  const storedAnswer = useLiveQuery(async () => {
    if (customerId === null || contractId === null) return { lineKey, row: undefined, at: undefined };
    const [row, meta] = await Promise.all([db.usageCycles.get(contractId), db.meta.get(resourceKeys.usageCycles(customerId, contractId))]);
    return { lineKey, row, at: meta?.fetchedAt };
  }, [lineKey]);
  const stored = storedAnswer?.lineKey === lineKey ? storedAnswer : undefined;
  const activatedAt = contract?.activatedAt ?? null;
  const cycles = useMemo(() => (stored?.row ? judgedCycles({ activatedAt }, stored.row.cycles) : []), [stored?.row, activatedAt]);

  const catalogue = useMemo((): PlanCatalogue | null => {
    if (!inputs) return null;
    const optionsOf = (productId: number) => inputs.choices.filter((o) => o.productId === productId).map(toPlanOption);
    // A plan whose options are not on the device yet is compared without options until they arrive.
    const podium = inputs.podium.map((p) => toPlanProduct(p, optionsOf(p.id)));
    const currentOptions = inputs.options.map(toPlanOption);
    return {
      products: podium,
      current: {
        product: toPlanProduct(inputs.product, currentOptions),
        options: inputs.options.map((o) => ({ id: o.optionId, count: countOf(o.active) })).filter((o) => o.count > 0),
      },
    };
  }, [inputs]);

  const [answer, setAnswer] = useState<{ key: string; fit: PlanFit } | null>(null);
  const enough = cycles.length >= MIN_CYCLES;
  // Compared by value: the inputs are new objects on every render, the question is the same.
  const ready = contractId !== null && catalogue !== null && enough;
  const key = JSON.stringify({ contractId, usage: cycles.map((c) => c.usage), catalogue });
  useEffect(() => {
    if (!ready) return;
    const question = JSON.parse(key) as { usage: CycleUsage[]; catalogue: PlanCatalogue };
    let live = true;
    usageWorker()
      .comparePlans(question.usage, question.catalogue)
      .then(
        (fit) => live && setAnswer({ key, fit }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [ready, key]);

  if (withheld) return { status: 'withheld' };
  if (!line || !inputs || inputs.podium.length === 0) return { status: 'unavailable' };
  if (!stored?.row) return stored && refreshError ? { status: 'notOnDevice' } : { status: 'loading' };
  if (!enough) return { status: 'tooShort', cycles: cycles.length, needed: MIN_CYCLES };
  if (!answer || answer.key !== key) return { status: 'loading' };
  if (answer.fit.status === 'tooShort') return { status: 'tooShort', cycles: answer.fit.cycles, needed: answer.fit.needed };
  // The worker judges from the first cycle with any recorded use: the period shown is the one judged.
  return {
    status: 'ready',
    fit: answer.fit,
    from: cycles[cycles.length - answer.fit.cycles]!.from,
    to: cycles[cycles.length - 1]!.to,
    fetchedAt: stored.at,
    refresh,
  };
};
