import { chargeUnits, type CycleRating, type UsageKind } from '#contract/rating';

/*
 * What the totals' "out of bundle" column says for a bill (issue 43 point 12): what the invoice counts, the started
 * units beyond every allowance (an option's included) as the charges' lines have them: a call of 17 min 20 s beyond
 * the bundle is 18 minutes, as billed; international minutes an option covers are not out of bundle. Premium services
 * are bought items, shown in money by the charges.
 */
export const billedOutOfBundle = (rating: CycleRating, kind: UsageKind): { unit: (typeof chargeUnits)[UsageKind]; count: number } => ({
  unit: chargeUnits[kind],
  count: rating.lines.filter((line) => line.kind === kind && line.unit !== 'item').reduce((sum, line) => sum + line.quantity, 0),
});
