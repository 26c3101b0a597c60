import type { OpenCredit, UsageCharge } from '#contract/billing';
import type { Translated } from '#contract/common';
import type { PromotionTerms } from '#contract/pricing';
import { bundleOf } from '#contract/rating';
import type { Db } from '../db/engine.ts';
import { localDate, localDayRange } from '#contract/calendar';
import { heldItems } from './subscription-history.ts';
import { chargeLineLabel } from './charge-labels.ts';
import { rateCycle, type RatingPlan } from './rating-data.ts';

// ---------------------------------------------------------------------------------------------------------------
// What a line's cycle costs
// ---------------------------------------------------------------------------------------------------------------

/** Every promotion of the catalogue, as contract/pricing.ts takes them. */
export const promotionTerms = async (db: Db): Promise<PromotionTerms[]> =>
  (
    await db
      .selectFrom('promotions')
      .select(['id', 'product_id', 'contract_id', 'discount_type', 'discount_amount', 'descriptions_json', 'ends_on'])
      .orderBy('id')
      .execute()
  ).map((row) => ({
    id: row.id,
    productId: row.product_id,
    contractId: row.contract_id,
    type: row.discount_type,
    amount: row.discount_amount,
    label: JSON.parse(row.descriptions_json) as Translated,
    endsOn: row.ends_on,
  }));

/**
 * What the line's allowances and out-of-bundle rates were when a cycle closed: the plan and the options it held on the
 * cycle's last day (its history), as the rating model takes them.
 */
export const ratingPlanAt = async (db: Db, contractId: number, day: string): Promise<RatingPlan> => {
  const held = await heldItems(db, contractId, day, day);
  const ids = held.map((item) => item.productId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('products')
          .select([
            'id',
            'data_limit_mb',
            'voice_limit_min',
            'sms_limit',
            'allowance_zone',
            'oob_data_cents_per_mb',
            'oob_call_cents_per_min',
            'oob_sms_cents',
          ])
          .where('id', 'in', ids)
          .execute();
  const products = new Map(rows.map((row) => [row.id, row]));
  const volumes = (row: { data_limit_mb: number; voice_limit_min: number; sms_limit: number }) => ({
    dataMb: row.data_limit_mb,
    voiceMinutes: row.voice_limit_min,
    smsCount: row.sms_limit,
  });
  const plan = products.get(held.find((item) => item.kind === 'plan')?.productId ?? -1);
  const options = held.flatMap((item) => {
    const row = item.kind === 'option' ? products.get(item.productId) : undefined;
    return row ? [{ ...volumes(row), zone: row.allowance_zone, count: item.count }] : [];
  });
  return {
    bundle: bundleOf(plan ? volumes(plan) : { dataMb: 0, voiceMinutes: 0, smsCount: 0 }, options),
    rates: plan
      ? { dataPerMb: plan.oob_data_cents_per_mb, callPerMinute: plan.oob_call_cents_per_min, sms: plan.oob_sms_cents }
      : { dataPerMb: 0, callPerMinute: 0, sms: 0 },
  };
};

/**
 * The out-of-bundle use of a line's cycle as the rating model charges it (contract/rating.ts): one line per zone
 * and kind, quantity × unit price in its words — the figures of the usage summary and the statements of that cycle.
 */
export const cycleUsageCharges = async (db: Db, contractId: number, period: { start: string; end: string }): Promise<UsageCharge[]> =>
  (await rateCycle(db, contractId, localDayRange(period.start, period.end), await ratingPlanAt(db, contractId, period.end))).lines.map(
    (line) => ({
      category: `${line.zone}:${line.kind}`,
      label: chargeLineLabel(line),
      amount: line.cents,
    }),
  );

/** The text of a credit note taken off an invoice. */
export const creditLabel = (piece: string): Translated => ({
  fr: `Note de crédit ${piece} déduite`,
  nl: `Creditnota ${piece} verrekend`,
  en: `Credit note ${piece} deducted`,
});

export const openCredits = async (db: Db, customerId: number, costCenterId: number | null): Promise<(OpenCredit & { id: number })[]> =>
  (
    await db
      .selectFrom('invoices')
      .select(['id', 'piece_id', 'generated_at', 'total_incl_vat_cents', 'partial_paid_cents'])
      .where('customer_id', '=', customerId)
      .where('document_type', '=', 'credit_note')
      .where('paid', '=', 0)
      .where('cost_center_id', costCenterId === null ? 'is' : '=', costCenterId)
      .orderBy('generated_at')
      .orderBy('id')
      .execute()
  ).map((row) => ({
    id: row.id,
    piece: row.piece_id,
    issued: localDate(Date.parse(row.generated_at)),
    amount: -row.total_incl_vat_cents - row.partial_paid_cents,
  }));
