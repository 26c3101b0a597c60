import { DAY_MS, iso } from '../demo/calendar.ts';
import { ACTIVATION_CODE_VALID_DAYS, ACTIVATION_CODES } from '../demo/activation.ts';
import type { SeedContext } from './context.ts';

/** The activation codes of the SIMs waiting for activation, stored hashed like the routes store theirs. */
export const seedActivationCodes = ({ db, nowMs, daysAgo, hashes }: SeedContext): void => {
  const insertCode = db.prepare(
    'INSERT INTO activation_codes (order_ref, contract_id, code_hash, attempts, expires_at, used_at, created_at) VALUES (?, ?, ?, 0, ?, NULL, ?)',
  );
  for (const code of ACTIVATION_CODES) {
    insertCode.run(
      code.orderRef,
      code.contractId,
      hashes.activationCodeOf(code.orderRef),
      iso(nowMs + ACTIVATION_CODE_VALID_DAYS * DAY_MS),
      iso(daysAgo(code.ageDays)),
    );
  }
};
