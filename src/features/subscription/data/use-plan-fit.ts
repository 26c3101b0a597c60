import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { lastCycles } from '#contract/bill-cycle';
import { pullUsageRecords } from '#data/usage-records-pull';
import { usageWorker } from '#data/usage-worker-client';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractOptionRow, ContractRow, ProductOptionRow, ProductRow } from '#db/schema';
import { isoLocalDate, localDayStart } from '#lib/usage-format';
import { usePull, type PullProgress } from '#lib/use-pull';
import { MAX_CYCLES, MIN_CYCLES, type PlanCatalogue, type PlanFit, type PlanOption, type PlanProduct } from '#workers/plan-fit';
import { countOf } from './subscription-rules.ts';

export type { PlanFit };

export type PlanFitState =
  | { status: 'unavailable' }
  /** A blocked line, or one whose status allows no change: no advice (adviceWithheld). */
  | { status: 'withheld' }
  | { status: 'tooShort'; cycles: number; needed: number }
  | { status: 'loading'; progress: PullProgress | null }
  | { status: 'notOnDevice' }
  | { status: 'ready'; fit: Extract<PlanFit, { status: 'ready' }>; from: number; to: number };

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

/**
 * The completed bill cycles to judge on: the last MAX_CYCLES before the current one, those that started after the
 * line was activated only (a cycle cut by the activation would look like a light month).
 */
export const judgedCycles = (contract: Pick<ContractRow, 'billCycle' | 'activatedAt'>, now: Date): { from: number; to: number }[] => {
  if (!contract.billCycle || !contract.activatedAt) return [];
  const activated = localDayStart(isoLocalDate(new Date(contract.activatedAt)));
  return lastCycles(contract.billCycle, now, MAX_CYCLES, { includeCurrent: false })
    .filter((period) => period.start.getTime() >= activated)
    .map((period) => ({ from: period.start.getTime(), to: period.end.getTime() }));
};

type Inputs = {
  customerId: number;
  /** No advice at all (adviceWithheld): nothing is downloaded nor compared. */
  withheld: boolean;
  contract: ContractRow;
  product: ProductRow;
  options: readonly ContractOptionRow[];
  podium: readonly ProductRow[];
  choices: readonly ProductOptionRow[];
};

/**
 * "Which plan fits me" for the selected line: the records of its last completed cycles are pulled into Dexie (when
 * online and not there yet), then the usage worker compares the podium's plans over them (workers/plan-fit.ts).
 * Offline: computed from the records already on the device; without them the state says so.
 */
export const usePlanFit = (inputs: Inputs | null): PlanFitState => {
  const contract = inputs?.contract;
  const cycles = useMemo(() => (contract ? judgedCycles(contract, new Date()) : []), [contract]);
  const withheld = inputs?.withheld ?? false;
  const enough = !withheld && cycles.length >= MIN_CYCLES;
  const range = enough ? { from: isoLocalDate(cycles[0]!.from), to: isoLocalDate(cycles[cycles.length - 1]!.to) } : null;
  const customerId = inputs?.customerId ?? null;
  const contractId = contract?.id ?? null;
  const { progress, refreshError } = usePull(customerId !== null && contractId !== null && range ? [customerId, contractId, range] : null, pullUsageRecords);
  // Keyed: right after the range changes, the live query still holds the previous range's answer.
  const rangeKey = `${customerId}|${contractId}|${range?.from}|${range?.to}`;
  const fetchedAnswer = useLiveQuery(async () => {
    if (customerId === null || contractId === null || !range) return { rangeKey, at: undefined, revision: 0 };
    const [meta, revision] = await Promise.all([
      db.meta.get(resourceKeys.usageRecords(customerId, contractId, range.from, range.to)),
      db.meta.get(resourceKeys.usageRevision(contractId)),
    ]);
    return { rangeKey, at: meta?.fetchedAt, revision: revision?.fetchedAt ?? 0 };
  }, [rangeKey]);
  const fetched = fetchedAnswer?.rangeKey === rangeKey ? fetchedAnswer : undefined;

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
  // Compared by value: the inputs are new objects on every render, the question is the same.
  const ready = contractId !== null && catalogue !== null && enough && fetched?.at !== undefined;
  const key = JSON.stringify({ contractId, cycles, catalogue, revision: fetched?.revision ?? 0 });
  useEffect(() => {
    if (!ready) return;
    const question = JSON.parse(key) as { contractId: number; cycles: { from: number; to: number }[]; catalogue: PlanCatalogue };
    let live = true;
    usageWorker()
      .planFit(question.contractId, question.cycles, question.catalogue)
      .then(
        (fit) => live && setAnswer({ key, fit }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [ready, key]);

  if (withheld) return { status: 'withheld' };
  if (!inputs || inputs.podium.length === 0) return { status: 'unavailable' };
  if (!enough) return { status: 'tooShort', cycles: cycles.length, needed: MIN_CYCLES };
  if (fetched?.at === undefined) return refreshError ? { status: 'notOnDevice' } : { status: 'loading', progress };
  if (!answer || answer.key !== key) return { status: 'loading', progress: null };
  if (answer.fit.status === 'tooShort') return { status: 'tooShort', cycles: answer.fit.cycles, needed: answer.fit.needed };
  // The worker judges from the first cycle with any recorded use: the period shown is the one judged.
  return { status: 'ready', fit: answer.fit, from: cycles[cycles.length - answer.fit.cycles]!.from, to: cycles[cycles.length - 1]!.to };
};
