import { Link } from 'react-router';
import type { ExplanationLine } from '#contract/bill-explanation';
import { formatCountry, formatMoneyRounded } from '#lib/format';

/** The texts of the sentence, from the namespace of the screen that shows it (home's, the bills'). */
type SentenceTexts = (key: string, values: Record<string, string>) => string;

const zones = ['domestic', 'international', 'world', 'premium'] as const;

/**
 * What mainly drives the difference, in words: the cause's kind; out-of-bundle use by its zone, and roaming by the
 * country where most of it was used ("roaming in Switzerland").
 */
const causeText = (main: ExplanationLine, text: SentenceTexts, language: string): string => {
  if (main.cause !== 'usage') return text(`nextBill.causes.${main.cause}`, {});
  if (main.country) return text('nextBill.roamingIn', { country: formatCountry(main.country, language) });
  const zone = zones.find((z) => main.category?.startsWith(`${z}:`));
  return zone ? text(`nextBill.usage.${zone}`, {}) : text('nextBill.causes.usage', {});
};

/**
 * The one sentence on the next bill (docs/product/invoices.md "Next invoice and estimate"), on home and on the bills
 * screen: how much it should differ from the last one and mainly why, opening the full explanation. Shown only when
 * the difference is worth saying (more than 10 % or 5 €: contract/bill-explanation-next.ts `worthSaying`). Its texts
 * are the screen's `nextBill.*` (the visitor's pages load none of them).
 */
export const NextBillSentence = ({
  difference,
  main,
  to,
  text,
  language,
}: {
  difference: number;
  /** The cause that explains most of the difference (contract/bill-explanation.ts `mainCause`). */
  main: ExplanationLine | null;
  to: string;
  text: SentenceTexts;
  language: string;
}) => {
  const amount = formatMoneyRounded(Math.abs(difference), language);
  const direction = difference > 0 ? 'higher' : 'lower';
  const sentence =
    main === null
      ? text(`nextBill.${direction}Plain`, { amount })
      : text(`nextBill.${direction}`, { amount, cause: causeText(main, text, language) });
  return (
    <p className="next-bill">
      <Link to={to} className="next-bill__link">
        {sentence}
      </Link>
    </p>
  );
};
