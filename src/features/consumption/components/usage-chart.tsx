import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSizeParts, formatDataSize, formatDate } from '#lib/format';
import { formatUsageAmount, localDayStart, type UsageKind } from '#lib/usage-format';
import type { DayBucket } from '#workers/usage-core';
import { usageAxis } from '../data/chart-axis.ts';
import type { DrawnChart } from './chart-impl.ts';

const colours: Record<UsageKind, string> = { data: '#1d5fd1', call: '#c25400', sms: '#a07800' };

/**
 * Use per day for the period, drawn with uPlot (loaded on demand) and always accompanied by its text alternative: a
 * sentence with the total and the busiest day, and the figures as a table. The whole period is drawn, one label a
 * week, with the bundle's share of a day as a line when the period is a cycle with a limited bundle (`bundle`, in the
 * kind's raw unit).
 */
export const UsageChart = ({ days: allDays, kind, bundle = null }: { days: DayBucket[]; kind: UsageKind; bundle?: number | null }) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  // Days still to come in the period are not "zero use": they take their place on the axis, empty, and are not listed.
  const [now] = useState(() => Date.now());
  const days = useMemo(() => allDays.filter((d) => localDayStart(d.day) <= now), [allDays, now]);
  const dailyShare = bundle !== null && bundle > 0 && allDays.length > 0 ? bundle / allDays.length : null;
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const values = days.map((d) => d[kind]);
  const total = values.reduce((a, b) => a + b, 0);
  let peak = 0;
  values.forEach((v, i) => {
    if (v > (values[peak] ?? 0)) peak = i;
  });
  const peakDay = days[peak];
  const fmt = (v: number) => formatUsageAmount(kind, v, lang);
  // The table per day in one unit: that of its largest day (never "1,20 Go" above "850 Mo").
  const tableUnit = dataSizeParts(Math.max(0, ...values)).unit;
  const fmtDay = (v: number) => (kind === 'data' ? formatDataSize(v, lang, tableUnit) : fmt(v));

  useEffect(() => {
    const element = target.current;
    if (!element || days.length === 0) return;
    const axis = usageAxis(kind, Math.max(0, dailyShare ?? 0, ...days.map((d) => d[kind])), lang);
    let chart: DrawnChart | null = null;
    let live = true;
    const widthOf = () => Math.max(260, element.clientWidth);
    // The column's width changes with the window and the phone's orientation: the chart follows it.
    const resizes = new ResizeObserver(() => chart?.resize(widthOf()));
    resizes.observe(element);
    import('./chart-impl.ts').then(
      ({ drawChart }) => {
        if (!live) return;
        element.replaceChildren();
        chart = drawChart(
          element,
          {
            x: allDays.map((d) => localDayStart(d.day) / 1000),
            y: allDays.map((d) => (localDayStart(d.day) <= now ? d[kind] : null)),
            dailyShare,
            shareLabel: t('chart.share'),
            colour: colours[kind],
            label: t(`kinds.${kind}`),
            top: axis.top,
            ticks: axis.ticks,
            formatTick: axis.label,
            formatDay: (s) => formatDate(s * 1000, lang, { day: 'numeric', month: 'short' }),
          },
          widthOf(),
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      resizes.disconnect();
      chart?.destroy();
    };
  }, [allDays, days, kind, lang, t, now, dailyShare]);

  return (
    <figure className="card">
      <figcaption>
        <strong>{t('chart.title', { kind: t(`kinds.${kind}`) })}</strong>
      </figcaption>
      <div ref={target} className="chart" aria-hidden="true" />
      {failed ? <p className="muted">{t('chart.unavailable')}</p> : null}
      <p data-testid="chart-summary">
        {total > 0 && peakDay
          ? t('chart.summary', {
              total: fmt(total),
              count: days.length,
              day: formatDate(localDayStart(peakDay.day), lang),
              peak: fmt(values[peak] ?? 0),
            })
          : t('chart.empty')}
        {dailyShare !== null ? ` ${t('chart.shareSentence', { share: fmt(dailyShare) })}` : null}
      </p>
      <details>
        <summary>{t('chart.table')}</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col" className="num">
                {t(`kinds.${kind}`)}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{formatDate(localDayStart(d.day), lang)}</td>
                <td className="num">{fmtDay(d[kind])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
};
