import { useTranslation } from 'react-i18next';
import { formatMoneyCents, formatMoneyRounded } from '#lib/format';
import { monthOf } from './bill-row.tsx';

/**
 * The last 6 monthly bills as bars (docs/product/invoices.md "The bills screen"): plain SVG, its figures in a table
 * for screen readers (the drawing is hidden from them).
 */
export const BillsChart = ({ totals }: { totals: { periodStart: string; total: number }[] }) => {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language;
  if (totals.length < 2) return null;
  const max = Math.max(...totals.map((item) => item.total), 1);
  const width = 320;
  const height = 140;
  const top = 18;
  const bottom = 22;
  const slot = width / totals.length;
  const bar = Math.min(36, slot * 0.6);
  const month = (periodStart: string) => monthOf({ periodStart, generatedAt: `${periodStart}T12:00:00Z` }, lang);
  const short = (periodStart: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, { month: 'short', timeZone: 'UTC' }).format(
      new Date(`${periodStart}T12:00:00Z`),
    );
  return (
    <section className="card bills-chart" aria-labelledby="bills-chart-title">
      <h2 id="bills-chart-title">{t('chart.title')}</h2>
      <svg viewBox={`0 0 ${width} ${height}`} className="bills-chart__svg" aria-hidden="true" focusable="false">
        {totals.map((item, i) => {
          const h = Math.max(2, ((height - top - bottom) * Math.max(0, item.total)) / max);
          const x = i * slot + (slot - bar) / 2;
          const y = height - bottom - h;
          const last = i === totals.length - 1;
          return (
            <g key={item.periodStart}>
              <rect
                x={x}
                y={y}
                width={bar}
                height={h}
                rx={3}
                className={last ? 'bills-chart__bar bills-chart__bar--last' : 'bills-chart__bar'}
              />
              <text x={x + bar / 2} y={y - 4} textAnchor="middle" className="bills-chart__value">
                {formatMoneyRounded(item.total, lang)}
              </text>
              <text x={x + bar / 2} y={height - 6} textAnchor="middle" className="bills-chart__label">
                {short(item.periodStart)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* Hidden as a block: a hidden table's cells would still widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('chart.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((item) => (
              <tr key={item.periodStart}>
                <th scope="row">{month(item.periodStart)}</th>
                <td>{formatMoneyCents(item.total, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
};
