import { Link } from 'react-router';
import type { ExplanationCause } from '#contract/bill-explanation';
import { formatMoneyRounded } from '#lib/format';

/** The texts of the sentence, from the namespace of the screen that shows it (home's, the bills'). */
type SentenceTexts = (key: string, values: Record<string, string>) => string;

/**
 * The one sentence on the next bill (docs/product/invoices.md "Next invoice and estimate"), on home and on the bills
 * screen: how much it should differ from the last one and mainly why, opening the full explanation. Shown only when
 * the difference is worth saying (more than 10 % or 5 €: contract/bill-explanation.ts `worthSaying`). Its texts are
 * the screen's `nextBill.*` (the visitor's pages load none of them).
 */
export const NextBillSentence = ({
  difference,
  cause,
  to,
  text,
  language,
}: {
  difference: number;
  cause: ExplanationCause | null;
  to: string;
  text: SentenceTexts;
  language: string;
}) => {
  const amount = formatMoneyRounded(Math.abs(difference), language);
  const direction = difference > 0 ? 'higher' : 'lower';
  const sentence =
    cause === null
      ? text(`nextBill.${direction}Plain`, { amount })
      : text(`nextBill.${direction}`, { amount, cause: text(`nextBill.causes.${cause}`, {}) });
  return (
    <p className="next-bill">
      <Link to={to} className="next-bill__link">
        {sentence}
      </Link>
    </p>
  );
};
