import { useTranslation } from 'react-i18next';
import type { PriceLine } from '#contract/pricing';
import { formatMoneyCents } from '#lib/format';

type Lang = 'fr' | 'nl' | 'en';
const langOf = (language: string): Lang => (language === 'nl' || language === 'en' ? language : 'fr');

/**
 * A price as the sum of its lines (contract/pricing.ts): the plan, each option (× its count), each promotion (a
 * negative amount), then the total, which is their sum — so the customer can rebuild every total shown
 * (docs/product/subscription.md "Order pricing"). A table: its caption names what is priced.
 */
export const PriceLines = ({
  caption,
  lines,
  total,
  totalLabel,
  testId,
}: {
  caption: string;
  lines: readonly PriceLine[];
  total: number;
  totalLabel: string;
  testId?: string;
}) => {
  const { t, i18n } = useTranslation('subscription');
  const lang = langOf(i18n.language);
  return (
    <table className="price-lines" data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.kind}-${line.id}`} data-kind={line.kind}>
            <th scope="row">
              {line.label[lang]}
              {line.kind === 'option' && line.quantity !== 1 ? ` ${t('summary.times', { count: line.quantity })}` : ''}
              {line.kind === 'promotion' ? <span className="muted"> {t('summary.promotion')}</span> : null}
            </th>
            <td>{formatMoneyCents(line.amount, lang)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{totalLabel}</th>
          <td>{formatMoneyCents(total, lang)}</td>
        </tr>
      </tfoot>
    </table>
  );
};
