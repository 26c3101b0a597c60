import { DEMO_IDS } from './ids.ts';

/*
 * The settings area's demo data: Sophie's own limits (lower than the defaults of demo/contracts.ts, above what she
 * has spent out of bundle this cycle, so no limit alert shows), and the messages she already received (the list of
 * the last notifications). Data only; the writes are in ../seeding/settings.ts.
 */

const K = DEMO_IDS.contracts;

/** Limits and alert thresholds in cents, replacing the defaults of the line. */
export const OWN_LIMITS: { contractId: number; type: 'OSG' | 'PSG' | 'DSG'; currentCents: number; alertCents: number }[] = [
  { contractId: K.sophieMain, type: 'OSG', currentCents: 3000, alertCents: 2000 },
  { contractId: K.sophieMain, type: 'PSG', currentCents: 1000, alertCents: 500 },
];

/**
 * Messages already sent: Sophie's 80 % data alert of this cycle by SMS (she is at 82 %), and her last invoice by
 * e-mail. The events themselves are marked handled by the seed, so they are not sent again.
 */
export const SENT_MESSAGES: { contractId: number; event: 'data80' | 'lastInvoice'; channel: 'SMS' | 'EMAIL' }[] = [
  // When her data passed 80 % this cycle (none yet early in her cycle).
  { contractId: K.sophieMain, event: 'data80', channel: 'SMS' },
  // When her last invoice was issued.
  { contractId: K.sophieMain, event: 'lastInvoice', channel: 'EMAIL' },
];
