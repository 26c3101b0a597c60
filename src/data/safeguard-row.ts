import type { Safeguard } from '#contract/usage';
import type { UsageSummaryRow } from '#db/schema';

/** A safeguard as stored (cents), from a usage summary's or a line's settings' answer: both carry the same shape. */
export const toSafeguardRow = (s: Safeguard): UsageSummaryRow['safeguards'][number] => ({
  type: s.type,
  overSpentCredit: s.overSpent.credit,
  current: s.current,
  next: s.next,
  alert: s.alert,
  default: s.default,
  max: s.max,
});
