import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExplanationCause } from '#contract/bill-explanation';
import { formatMoneyRounded } from '#lib/format';

/**
 * The one sentence on the next bill (docs/product/invoices.md "Next invoice and estimate"), on home and on the bills
 * screen: how much it should differ from the last one and mainly why, opening the full explanation. Shown only when
 * the difference is worth saying (more than 10 % or 5 €: contract/bill-explanation.ts `worthSaying`).
 */
export const NextBillSentence = ({ difference, cause, to }: { difference: number; cause: ExplanationCause | null; to: string }) => {
  const { t, i18n } = useTranslation('common');
  const amount = formatMoneyRounded(Math.abs(difference), i18n.language);
  const direction = difference > 0 ? 'higher' : 'lower';
  const text =
    cause === null
      ? t(`nextBill.${direction}Plain`, { amount })
      : t(`nextBill.${direction}`, { amount, cause: t(`nextBill.causes.${cause}`) });
  return (
    <p className="next-bill">
      <Link to={to} className="next-bill__link">
        {text}
      </Link>
    </p>
  );
};
